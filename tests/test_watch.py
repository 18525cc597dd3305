"""``memstrata watch``: debounced syncs on real file events, new folders, ignored trees."""

from __future__ import annotations

import threading
import time

from memstrata.providers.embedders import HashEmbedder
from memstrata.recall.index import open_index
from memstrata.recall.search import search
from memstrata.recall.watch import watch


def _wait_for(predicate, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def test_watch_syncs_after_a_burst_and_skips_ignored_trees(ws) -> None:
    index = open_index(ws, HashEmbedder())
    index.sync()
    syncs: list = []
    stop = threading.Event()
    thread = threading.Thread(
        target=watch,
        args=(index,),
        kwargs={"debounce_s": 0.3, "on_sync": syncs.append, "stop": stop},
    )
    thread.start()
    try:
        time.sleep(0.3)
        daily = ws.root / "memory" / "2026-04-17.md"
        for number in range(5):  # a burst of writes: one sync after it settles
            daily.write_text(
                f"# [2026-04-17]\n\n## 笔记\n- 第 {number} 次编辑 打印机\n", encoding="utf-8"
            )
            time.sleep(0.05)
        assert _wait_for(lambda: len(syncs) >= 1)
        time.sleep(0.5)
        assert len(syncs) == 1 and syncs[0].changed == 1
        nested = ws.root / "notes" / "deep"
        nested.mkdir(parents=True)
        time.sleep(0.3)
        (nested / "idea.md").write_text("# 想法\n- 新文件夹里的灵感 zebra-idea\n", encoding="utf-8")
        assert _wait_for(lambda: len(syncs) >= 2)
        ignored = ws.root / "node_modules" / "pkg"
        ignored.mkdir(parents=True)
        (ignored / "README.md").write_text(
            "# pkg\n- zebra-idea in a dependency\n", encoding="utf-8"
        )
        time.sleep(0.8)
    finally:
        stop.set()
        thread.join(timeout=10)
    assert not thread.is_alive()
    paths = {hit.path for hit in search(ws, "zebra-idea", mode="lexical").results}
    assert paths == {"notes/deep/idea.md"}
    assert search(ws, "打印机", mode="lexical").results[0].snippet.endswith("第 4 次编辑 打印机")
