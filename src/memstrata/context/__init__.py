"""Context for an agent: the session's starting memory within a budget, and the pitfalls to
mention before a task."""
