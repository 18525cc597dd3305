"""Note 003's heartbeat upkeep (the openclaw preset): distil the recent daily logs into
MEMORY.md proposals, and propose moving outdated MEMORY.md entries out.

"Daily files are raw notes; MEMORY.md is curated wisdom": each line of the last week's logs is
read by the signal rules; a durable fact, rule, preference or correction that MEMORY.md (or
USER.md) does not hold yet becomes a ``distil`` proposal. A MEMORY.md bullet contradicted by a
newer one (or by a distilled correction) becomes a ``slim`` proposal that moves it to the
private archive: nothing is deleted, and nothing happens without the user's reply.
"""

from __future__ import annotations

import re
from datetime import timedelta

from memstrata.core.writer import Writer
from memstrata.entries.remember import keep_private
from memstrata.evolve import known
from memstrata.evolve.pool import Embed
from memstrata.evolve.proposals import Proposal
from memstrata.formats.bullets import parse_bullets
from memstrata.text.similarity import similarity

RECENT_DAYS = 7
KINDS = ("explicit_remember", "correction", "new_knowledge", "preference")
# An agent's log reports the user's words ("用户说以后都用 pnpm 构建"): what they said is the
# statement, not the report of it (a tester's round on 7731d2a: the echo went to USER.md).
_REPORTED_USER = re.compile(
    r"^(?:\[[^\]]{1,30}\]\s*)?(?:用户|主人|老板)(?:说|讲|提到|要求|交代)(?:了|过)?\s*[：:，,]?\s*"
    r"|^(?:\[[^\]]{1,30}\]\s*)?(?:the )?user (?:said|says|asked|wants)(?: that)?[:,]?\s*",
    re.IGNORECASE,
)

# What the agent did, not what it should keep doing: "以后所有接口都加了鉴权" (a verb with 了 and
# its object after it), "已经迁到 pg15", "完成：…", "Added auth to all endpoints; from now on …"
# (a tester's round on 25d589f: such reports were proposed as standing rules). A changed value
# said the same way ("redis 换成了 6380 端口") is still news: only rules and preferences are
# checked.
_DONE_WORK = re.compile(
    r"(?:加|改|换|修|删|迁|装|接|补|切|建|做|写|跑|合|发|关|开|移|调|升|上|配|部署|上线|发布|更新|新增"
    r"|添加|修复|完成|实现|重构|替换|迁移|切换|升级|配置|删除|合并|接入|改成|换成|迁到)(?:好|完)?了"
    r"(?![吗吧呢啊。！!？?，,；;]|$)"
    r"|^(?:已经?|完成[了：:]|搞定[了：:]?|做完了)"
    r"|^(?:added|fixed|implemented|migrated|moved|switched|updated|removed|deleted|deployed"
    r"|released|shipped|merged|refactored|replaced|upgraded|configured|set up|finished"
    r"|completed|done|wrote|created|enabled|disabled)\b",
    re.IGNORECASE,
)


_STANDING = ("explicit_remember", "preference")


# What a rule keeps on asking for: "以后改了配置都要重启网关", "已上线的服务不要随便重启", "Deployed
# services must expose /health" say done-sounding words and still state a rule.
_OBLIGATION = re.compile(
    r"要|必须|需要|应该|应当|得先|记住|别|不要|不许|不准|禁止|不能"
    r"|\b(?:must|should|always|never|need to|has to|have to|don't|do not)\b",
    re.IGNORECASE,
)


def reports_done_work(text: str) -> bool:
    """Whether a log line reports work done rather than states something to keep."""
    return bool(_DONE_WORK.search(text)) and not _OBLIGATION.search(text)


def distil_daily_logs(writer: Writer, embed: Embed | None) -> list[Proposal]:
    from memstrata.capture.signals import detect

    ws = writer.ws
    if ws.role("daily") is None or ws.role("long_term") is None:
        return []
    zh = ws.lang == "zh"
    memory = known.entries(ws)
    proposals: list[Proposal] = []
    taken: list[str] = []
    today = ws.today()
    for offset in range(RECENT_DAYS, -1, -1):
        day = today - timedelta(days=offset)
        path = ws.daily_path(day)
        if not ws.exists(path):
            continue
        # A log with a bad byte is read as search reads it; a line holding one is not distilled.
        for number, line in enumerate(ws.read_lines(path), start=1):
            text = _REPORTED_USER.sub("", line.strip().lstrip("-* ").strip(), count=1)
            if not text or text.startswith(("#", "**", "<!--")) or "\ufffd" in text:
                continue
            for signal in detect(text):
                summary = signal.detail
                if signal.kind not in KINDS or not summary:
                    continue
                if signal.kind in _STANDING and reports_done_work(text):
                    break  # done once is no rule; a changed value ("换成了 6380") is news
                if any(known.same(summary, t, ws.config.evolve.match) for t in taken) or known.find(
                    ws, summary, embed, memory
                ):
                    continue
                taken.append(summary)
                target = "user" if signal.kind == "preference" and ws.role("user") else "long_term"
                target = keep_private(ws, summary, target)
                proposals.append(
                    Proposal(
                        0,
                        "",
                        "distil",
                        summary,
                        target,
                        "USER" if target == "user" else "MEMORY",
                        "日志里的长期事实" if zh else "a durable fact from the daily log",
                        f"{'日志提炼' if zh else 'distilled from'} {path}:L{number}",
                        day.isoformat(),
                        1,
                        {"role": target},
                    )
                )
                break
    return proposals + _outdated(writer, taken)


def _outdated(writer: Writer, newer: list[str]) -> list[Proposal]:
    """MEMORY.md bullets that a later bullet or a distilled statement contradicts."""
    ws = writer.ws
    path = ws.role_path("long_term")
    if not ws.exists(path):
        return []
    zh = ws.lang == "zh"
    bullets = [b for b in parse_bullets(ws.read_lines(path), path) if b.date and not b.fixed]
    stale: list[tuple[str, str]] = []
    for index, bullet in enumerate(bullets):
        later = [b.text for b in bullets[index + 1 :]] + newer
        replaced_by = next(
            (
                text
                for text in later
                if similarity(bullet.text, text) >= 0.4 and known.contradicts(bullet.text, text)
            ),
            None,
        )
        if replaced_by is not None:
            stale.append((bullet.text, replaced_by))
    archive = f"{ws.role_path('private_archive')}/{path.rsplit('/', 1)[-1]}"
    return [
        Proposal(
            0,
            "",
            "slim",
            f"{old}（{'已被取代' if zh else 'superseded by'}：{new}）",
            "archive",
            "ARCHIVE",
            "过时：有更新的说法" if zh else "outdated: a newer statement replaces it",
            "heartbeat",
            ws.today().isoformat(),
            1,
            {"path": path, "archive": archive, "texts": [old]},
        )
        for old, new in stale
    ]
