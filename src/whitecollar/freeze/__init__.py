"""The freeze: the benchmark as preregistered, in one manifest.

`manifest` builds and verifies the freeze manifest (bundles, oracles, seeds,
versions, the validation battery's verdicts); `protocol` records everything
else that decides a score or its analysis (rubrics, the judges' prompt and
panel, the analysis plan, the design, the amendments). The freeze is the
workflow's first target, but in the import order it comes after `grading`
and `judges`, because it records what they will do: it imports the
foundation and those earlier stages, and nothing after it.
"""
