"""The blind judge panel: a text package per run, three judges, their agreement.

Judges see the brief, the rubric and the deliverables rendered as text
(`render`), never the arm, model, node, cost, run id or oracle. Each judge
is a command (any LLM CLI) or the `simulated` stand-in (`panel`,
`backends`); answers are validated and retried a bounded number of times
(`answer`). `agreement` measures how far the judges agree with each other
(Krippendorff's ordinal alpha) and with the deterministic receipt.
The rubric, the prompt template and each judge's settings are the
freeze's (`freeze.rubric`, `freeze.prompt`, `freeze.judge_settings`): the
judges are held to what was frozen. It imports the foundation (office
files, config, hashing), those three, and, for the marker of a run the
envelope never launched, `lab.session`; never `grading`: judges read what earlier stages wrote as files, and only the
simulated stand-in reads a run's receipt.
"""
