"""The freeze: the benchmark as preregistered, in one manifest.

`manifest` builds and verifies the freeze manifest (bundles, oracles, seeds,
versions, the validation battery's verdicts); `protocol` records everything
else that decides a score or its analysis (rubrics, the judges' prompt and
panel, the analysis plan, the design, the amendments). What the judges are
held to is defined here, where it is fixed: the rubric's loading and
rendering (`rubric`), the prompt template (`prompt`) and each judge's
settings slice (`judge_settings`); the judges, a later stage, read them from
here. The freeze comes after `grading` in the import order (it records the
battery's verdicts) and before `judges`: it imports the foundation and the
stages before it, and nothing after it.
"""
