"""The workspace core: settings, layouts and roles, permissions, the document store, the single
safe writer and its transactions. Knows nothing of the services above it."""
