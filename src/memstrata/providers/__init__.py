"""Providers: the models memstrata can use (the embedder shipped in the wheel, remote embedders,
an optional chat model), each loaded only when needed."""
