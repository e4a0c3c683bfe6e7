"""The laboratory: workspaces, workers, transports, collection, records."""
