"""Small inline SVG plots for the review page: no JavaScript, no chart library, no build step.

Each function returns an SVG string built from numbers and escaped labels only.
"""

from __future__ import annotations

from html import escape

PALETTE = ("#2f6fb0", "#d9822b", "#3a9a5b", "#b4443c", "#7d5ba6", "#8c6d31", "#c2569b", "#5a6b7b")
WIDTH, HEIGHT, LEFT, BOTTOM, TOP = 640, 236, 44, 42, 24


def _frame(body: list[str], title: str, legend: list[tuple[str, str]], height: int = HEIGHT) -> str:
    items = []
    x = LEFT
    for label, color in legend:
        items.append(
            f'<rect x="{x}" y="{height - 14}" width="10" height="10" fill="{color}"/>'
            f'<text x="{x + 14}" y="{height - 5}" font-size="11">{escape(label[:28])}</text>'
        )
        x += 24 + sum(12 if ord(ch) > 0x2E80 else 7 for ch in label[:28])
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(title)}" '
        f'viewBox="0 0 {WIDTH} {height}" width="100%" style="max-width:{WIDTH}px">'
        f"<title>{escape(title)}</title>"
        f'<text x="{LEFT}" y="10" font-size="12" font-weight="bold">{escape(title)}</text>'
        f"{''.join(body)}{''.join(items)}</svg>"
    )


def _axes(top_value: float, plot_h: int) -> list[str]:
    out = [
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}" stroke="#888"/>',
        f'<line x1="{LEFT}" y1="{TOP + plot_h}" x2="{WIDTH - 8}" y2="{TOP + plot_h}" stroke="#888"/>',
    ]
    for fraction in (0.0, 0.5, 1.0):
        y = TOP + plot_h - fraction * plot_h
        value = top_value * fraction
        label = f"{value:.0f}" if top_value >= 4 or fraction in (0.0, 1.0) else f"{value:.1f}"
        out.append(
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" font-size="10" text-anchor="end">{label}</text>'
        )
    return out


def stacked_bars(
    title: str, categories: list[str], series: dict[str, list[float]], empty: str
) -> str:
    """Bars per category (x), stacked by series (a signal kind per day, say)."""
    if not categories or not series:
        return f'<p class="empty">{escape(empty)}</p>'
    plot_h = HEIGHT - TOP - BOTTOM
    totals = [sum(values[i] for values in series.values()) for i in range(len(categories))]
    top_value = max(max(totals), 1.0)
    step = (WIDTH - LEFT - 16) / len(categories)
    bar = max(step * 0.7, 2.0)
    body = _axes(top_value, plot_h)
    legend = []
    base = [0.0] * len(categories)
    for index, (name, values) in enumerate(series.items()):
        color = PALETTE[index % len(PALETTE)]
        legend.append((name, color))
        for i, value in enumerate(values):
            if value <= 0:
                continue
            h = value / top_value * plot_h
            y = TOP + plot_h - base[i] / top_value * plot_h - h
            x = LEFT + 4 + i * step
            body.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar:.1f}" height="{h:.1f}" fill="{color}">'
                f"<title>{escape(categories[i])} · {escape(name)}: {value:g}</title></rect>"
            )
            base[i] += value
    every = max(1, len(categories) // 8)
    for i, label in enumerate(categories):
        if i % every == 0:
            x = LEFT + 4 + i * step + bar / 2
            body.append(
                f'<text x="{x:.1f}" y="{TOP + plot_h + 14}" font-size="10" text-anchor="middle">'
                f"{escape(label[-5:] if len(label) == 10 else label[:10])}</text>"
            )
    return _frame(body, title, legend)


def lines(title: str, days: list[str], series: dict[str, list[float]], empty: str) -> str:
    """One line per series over ``days`` (cumulative citations per entry, say)."""
    if len(days) < 1 or not series:
        return f'<p class="empty">{escape(empty)}</p>'
    plot_h = HEIGHT - TOP - BOTTOM
    top_value = max(max((max(v) for v in series.values() if v), default=1.0), 1.0)
    span = max(len(days) - 1, 1)
    body = _axes(top_value, plot_h)
    legend = []
    for index, (name, values) in enumerate(series.items()):
        color = PALETTE[index % len(PALETTE)]
        legend.append((name, color))
        points = " ".join(
            f"{LEFT + 4 + i / span * (WIDTH - LEFT - 20):.1f},{TOP + plot_h - v / top_value * plot_h:.1f}"
            for i, v in enumerate(values)
        )
        body.append(f'<polyline fill="none" stroke="{color}" stroke-width="2" points="{points}"/>')
        for i, v in enumerate(values):
            x = LEFT + 4 + i / span * (WIDTH - LEFT - 20)
            y = TOP + plot_h - v / top_value * plot_h
            body.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5" fill="{color}">'
                f"<title>{escape(days[i])} · {escape(name)}: {v:g}</title></circle>"
            )
    for i, anchor in ((0, "start"), (len(days) - 1, "end")):
        x = LEFT + 4 + i / span * (WIDTH - LEFT - 20)
        body.append(
            f'<text x="{x:.1f}" y="{TOP + plot_h + 14}" font-size="10" text-anchor="{anchor}">'
            f"{escape(days[i])}</text>"
        )
    return _frame(body, title, legend)


def usage_bars(title: str, rows: list[tuple[str, float, float | None]], empty: str) -> str:
    """Horizontal bars: used vs limit per row (entries per role against its limit)."""
    if not rows:
        return f'<p class="empty">{escape(empty)}</p>'
    row_h = 22
    height = TOP + len(rows) * row_h + 30
    top_value = max(max(max(used, limit or 0) for _n, used, limit in rows), 1.0)
    inner = WIDTH - 150 - 60
    body = []
    for i, (name, used, limit) in enumerate(rows):
        y = TOP + i * row_h
        over = limit is not None and used > limit
        color = PALETTE[3] if over else PALETTE[0]
        width = used / top_value * inner
        body.append(
            f'<text x="142" y="{y + 14}" font-size="11" text-anchor="end">{escape(name)}</text>'
        )
        body.append(
            f'<rect x="150" y="{y + 3}" width="{max(width, 1):.1f}" height="14" fill="{color}">'
            f"<title>{escape(name)}: {used:g}{f' / {limit:g}' if limit else ''}</title></rect>"
        )
        if limit:
            x = 150 + limit / top_value * inner
            body.append(
                f'<line x1="{x:.1f}" y1="{y}" x2="{x:.1f}" y2="{y + 20}" stroke="#222" '
                f'stroke-dasharray="3,2"/>'
            )
        label = f"{used:g} / {limit:g}" if limit else f"{used:g}"
        body.append(f'<text x="{150 + width + 6:.1f}" y="{y + 14}" font-size="10">{label}</text>')
    return _frame(body, title, [("used", PALETTE[0]), ("over limit", PALETTE[3])], height)
