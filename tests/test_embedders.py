"""Embedders: the OpenAI-compatible client over real HTTP against a local server, and the real
default model (integration: cross-lingual recall, which the hash embedder cannot do)."""

from __future__ import annotations

import time

import numpy as np
import pytest

from memstrata.providers.embedders import EmbedderError, HashEmbedder, OpenAIEmbedder, USEEmbedder
from memstrata.recall.search import SearchFilters, search
from tests.http_fake import FakeServer


def _vectors(body, dim=4):
    inputs = body["input"]
    return {
        "object": "list",
        "data": [
            {"index": i, "embedding": [float(len(t) % 7 + 1), 1.0, 0.0, float(i)][:dim]}
            for i, t in enumerate(inputs)
        ][::-1],
        "model": body["model"],
    }


def test_good_answers_batched_and_normalised() -> None:
    with FakeServer(lambda body, n: (200, _vectors(body), 0)) as server:
        client = OpenAIEmbedder(
            base_url=server.url, model="nomic-embed-text", api_key="sk-test-key", batch_size=2
        )
        out = client.embed(["一", "二二", "three"])
    assert out.shape == (3, 4) and np.allclose(np.linalg.norm(out, axis=1), 1.0)
    assert [len(call["input"]) for call in server.calls] == [2, 1]
    assert (
        server.calls[0]["path"] == "/v1/embeddings"
        and server.calls[0]["model"] == "nomic-embed-text"
    )
    assert server.headers[0]["Authorization"] == "Bearer sk-test-key"
    # Results come back out of order; the client sorts by index.
    assert out[0][3] == 0.0 and out[1][3] > 0


def test_retries_on_500_then_succeeds() -> None:
    with FakeServer(
        lambda body, n: (500, {"error": "busy"}, 0) if n < 3 else (200, _vectors(body), 0)
    ) as server:
        out = OpenAIEmbedder(base_url=server.url, model="m", retries=3).embed(["x"])
    assert out.shape == (1, 4) and len(server.calls) == 3


def test_gives_up_after_retries_and_on_client_errors() -> None:
    with (
        FakeServer(lambda body, n: (503, "oops", 0)) as server,
        pytest.raises(EmbedderError, match="HTTP 503"),
    ):
        OpenAIEmbedder(base_url=server.url, model="m", retries=2).embed(["x"])
    assert len(server.calls) == 3
    with (
        FakeServer(lambda body, n: (401, {"error": "bad key"}, 0)) as server,
        pytest.raises(EmbedderError, match="HTTP 401"),
    ):
        OpenAIEmbedder(base_url=server.url, model="m", retries=3).embed(["x"])
    assert len(server.calls) == 1  # a client error is not retried


def test_timeouts() -> None:
    with FakeServer(lambda body, n: (200, _vectors(body), 1.5)) as server:
        started = time.monotonic()
        with pytest.raises(EmbedderError, match="Timeout"):
            OpenAIEmbedder(base_url=server.url, model="m", timeout=0.3, retries=1).embed(["x"])
        assert time.monotonic() - started < 3


def test_wrong_dimensions_and_bad_bodies() -> None:
    with (
        FakeServer(lambda body, n: (200, _vectors(body, dim=3), 0)) as server,
        pytest.raises(EmbedderError, match="dimension"),
    ):
        OpenAIEmbedder(base_url=server.url, model="m", dim=4).embed(["x"])
    ragged = {"data": [{"index": 0, "embedding": [1.0, 2.0]}, {"index": 1, "embedding": [1.0]}]}
    with (
        FakeServer(lambda body, n: (200, ragged, 0)) as server,
        pytest.raises(EmbedderError, match="dimension"),
    ):
        OpenAIEmbedder(base_url=server.url, model="m").embed(["a", "b"])
    with (
        FakeServer(lambda body, n: (200, "not json", 0)) as server,
        pytest.raises(EmbedderError, match="unexpected body"),
    ):
        OpenAIEmbedder(base_url=server.url, model="m").embed(["a"])
    with (
        FakeServer(lambda body, n: (200, {"data": []}, 0)) as server,
        pytest.raises(EmbedderError, match="0 vectors"),
    ):
        OpenAIEmbedder(base_url=server.url, model="m").embed(["a"])


def test_down_provider_degrades_search(ws) -> None:
    (ws.root / "memory" / "2026-04-10.md").write_text(
        "# d\n\n## 心跳\n- 心跳间隔 30 秒\n", encoding="utf-8"
    )
    down = OpenAIEmbedder(base_url="http://127.0.0.1:9/v1", model="m", retries=0, timeout=1)
    response = search(ws, "心跳", embedder=down)
    assert response.degraded and response.results and "failed" in response.warnings[0]


def test_configured_provider_end_to_end(ws, monkeypatch) -> None:
    monkeypatch.delenv("MEMSTRATA_EMBEDDER")
    monkeypatch.setenv("TEST_EMBED_KEY", "sk-from-env")
    with FakeServer(
        lambda body, n: (
            200,
            {
                "data": [
                    {"index": i, "embedding": [float(x) for x in HashEmbedder(16).embed([t])[0]]}
                    for i, t in enumerate(body["input"])
                ]
            },
            0,
        )
    ) as server:
        config = ws.root / "memstrata.toml"
        config.write_text(
            config.read_text()
            + f'\n[search]\nembedder = "openai"\n\n[search.openai]\nbase_url = "{server.url}"\n'
            'model = "nomic-embed-text"\napi_key_env = "TEST_EMBED_KEY"\n'
        )
        from memstrata.core.workspace import Workspace

        fresh = Workspace.open(ws.root)
        (fresh.root / "memory" / "2026-04-10.md").write_text(
            "# d\n\n## 心跳\n- 心跳间隔 30 秒\n", encoding="utf-8"
        )
        response = search(fresh, "心跳间隔", mode="vector")
    assert not response.degraded and response.results[0].path == "memory/2026-04-10.md"
    assert server.headers[0]["Authorization"] == "Bearer sk-from-env"


@pytest.fixture(scope="module")
def use_model():
    return USEEmbedder()


@pytest.mark.integration
def test_default_model_is_multilingual(use_model) -> None:
    vectors = use_model.embed(
        ["心跳间隔设置为 30 秒", "the heartbeat interval is 30 seconds", "我喜欢喝绿茶"]
    )
    assert vectors.shape == (3, 512)
    assert float(vectors[0] @ vectors[1]) > float(vectors[0] @ vectors[2]) + 0.2


@pytest.mark.integration
def test_cross_lingual_search_with_default_model(ws, use_model) -> None:
    (ws.root / "memory" / "2026-04-10.md").write_text(
        "# [2026-04-10]\n\n## [coder] 网关\n- 网关心跳间隔设置为 30 秒\n\n## [coder] 文档\n- 更新了贡献指南\n\n"
        "## [writer] Blog\n- Drafted the launch blog post about pricing\n",
        encoding="utf-8",
    )
    english = search(
        ws, "how often does the gateway send heartbeats?", mode="vector", embedder=use_model
    )
    assert english.results[0].start_line == 4
    chinese = search(ws, "发布博客文章", mode="vector", embedder=use_model)
    assert chinese.results[0].start_line == 10
    # Among the logs (AGENTS.md's "Memory Maintenance (During Heartbeats)" matches the word
    # itself): the English word finds the Chinese 心跳 entry in hybrid mode.
    hybrid = search(ws, "heartbeat", embedder=use_model, filters=SearchFilters(roles=["daily"]))
    assert hybrid.results[0].start_line == 4 and not hybrid.degraded
