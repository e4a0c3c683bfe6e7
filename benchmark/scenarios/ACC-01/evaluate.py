def evaluate(out_dir, workspace_dir, oracle): pass
