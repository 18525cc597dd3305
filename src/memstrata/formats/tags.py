"""The ``[agent]`` tag that team workspaces put on every heading they write."""

from __future__ import annotations

from memstrata.errors import FormatError
from memstrata.text.lazy_re import lazy_compile
from memstrata.text.titles import strip_heading_marks

AGENT_NAME = lazy_compile(r"^[\w\u4e00-\u9fff][\w\u4e00-\u9fff.\-]{0,39}$")
_TAGGED = lazy_compile(r"^\[(?P<agent>[^\[\]]+)\]\s*(?P<rest>.*)$")


def split_tag(title: str, path: str, line: int) -> tuple[str | None, str]:
    """``[coder] 标题`` -> ("coder", "标题"); an unclosed ``[`` is a malformed entry."""
    title = title.strip()
    match = _TAGGED.match(title)
    if match:
        return match.group("agent").strip(), match.group("rest").strip()
    if title.startswith("[") and "]" not in title:
        raise FormatError("unclosed [agent] tag in heading", path, line)
    return None, title


def untagged(text: str) -> str:
    """``text`` without a leading ``[agent]`` tag: what an entry says, whoever wrote it (two
    agents' entries "[bot-a] staging 私密配置 A" / "[bot-b] … B" differ in B, not in bot-a)."""
    match = _TAGGED.match(text.strip())
    if match and AGENT_NAME.match(match.group("agent").strip()):
        return match.group("rest").strip()
    return text


def check_agent(agent: str) -> str:
    """Agent names become tags in Markdown headings: keep them to one safe word."""
    if not AGENT_NAME.match(agent):
        raise FormatError(f"invalid agent name {agent!r}: use letters, digits, '.', '-' or '_'")
    return agent


def safe_title(title: str) -> str:
    """A heading title that cannot be misread as an ``[agent]`` tag: a leading ``[`` that opens
    no proper tag is escaped (Markdown shows ``\\[`` as ``[``); heading marks given with the
    title (``## 假``) are dropped."""
    title = strip_heading_marks(title)
    if title.startswith("[") and not _TAGGED.match(title):
        return "\\" + title
    return title
