import sys

if sys.argv[1:2] == ["evaluate"]:
    # the grading server answers in milliseconds what this process would need its imports for
    from whitecollar.workflow.grading_client import serve

    status = serve(sys.argv)
    if status is not None:
        sys.exit(status)

from whitecollar.cli import main

sys.exit(main())
