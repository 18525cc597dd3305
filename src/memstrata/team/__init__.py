"""The team store: PostgreSQL as a shared document store for memstrata serve replicas on
several machines (issue 16). Nothing here is imported unless a workspace asks for it."""
