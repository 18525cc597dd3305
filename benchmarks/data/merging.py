"""Statements for the merge benchmark (benchmarks/merging.py): when are two observations one?

SAME: pairs that say one thing (a restatement in the other language, or in other words). None
of them is a sentence of the 21-day simulation (benchmarks/data/learning_sim.py).

DISTINCT: statements that are all different from each other (every pair of them must stay
apart): neighbouring preferences on the same topic (languages, indentation, package managers,
test runners, days of the week), each said in Chinese or English, some in both languages with
another value, so that a merge across languages has to read the content and not the topic.

OPPOSITE_DEV: the pairs of opposite preferences an adversarial tester found merged on main
a26db7f (the same topic, the other way: 早上/afternoon, 同步/async, negation on one side, the
order of two steps). memstrata.evolve.polarity was built on them: a development set.

OPPOSITE_HELD: opposite pairs written after polarity.ANTONYMS was settled and before any of them
was run, never tuned on (natural phrasing, whether or not the table names its words).
"""

from __future__ import annotations

SAME: list[tuple[str, str]] = [
    ("提交信息用英文写", "Write commit messages in English"),
    ("I prefer dark mode in the editor", "编辑器我喜欢用深色主题"),
    ("变量名用驼峰命名", "Use camelCase for variable names"),
    ("测试用 pytest，不要 unittest", "Use pytest for tests, not unittest"),
    ("Don't add emoji to the docs", "文档里别加表情符号"),
    ("日期统一写成 YYYY-MM-DD", "Always write dates as YYYY-MM-DD"),
    ("解释的时候多举例子", "Give examples when you explain things"),
    ("Show me the diff before committing", "提交之前先给我看 diff"),
    ("缩进用四个空格", "Indent with four spaces"),
    ("错误信息要写清楚原因", "Error messages should say the cause clearly"),
    ("Keep functions small", "函数写短一点"),
    ("别用缩写，变量名写全称", "No abbreviations, spell variable names out in full"),
    ("每次改完都要跑一遍测试", "Run the tests after every change"),
    ("Answer in bullet points", "回答用要点列表"),
    ("先给结论再解释", "Give the conclusion first, then explain"),
    ("I like detailed commit messages", "提交说明写详细一点"),
    ("数据库迁移要先在测试环境跑", "Run database migrations on staging first"),
    ("日志别打印密码", "Never log passwords"),
    ("文档标题用中文", "我希望文档的标题是中文的"),
    ("回答尽量简洁", "回答简洁一些，不要啰嗦"),
    ("Use tabs for indentation", "Indent with tabs please"),
    ("Prefer async functions over callbacks", "I'd rather use async functions than callbacks"),
]

DISTINCT: list[str] = [
    "提交信息用英文写",
    "Write commit messages in Chinese",
    "代码注释写英文",
    "文档用中文写",
    "Reply in English",
    "缩进用四个空格",
    "Indent with tabs",
    "缩进用两个空格",
    "装依赖用 pnpm",
    "Use yarn for installs",
    "用 npm 装依赖",
    "测试用 pytest",
    "Use unittest for tests",
    "测试用 jest 跑",
    "周会改到周一",
    "The weekly meeting is on Friday",
    "发布只在周二",
    "编辑器用深色主题",
    "I prefer a light theme",
    "回答简短一点",
    "Give detailed explanations",
    "变量名用驼峰命名",
    "Use snake_case for variable names",
    "提交前先跑 lint",
    "Squash commits before merging",
    "不要在周五发布",
    "Deploy on Fridays is fine",
    "数据库用 PostgreSQL",
    "We use MySQL for the database",
    "回答用表格",
    "Answer in prose, not lists",
    "日志级别默认 info",
    "Set the log level to debug by default",
    "函数名用英文",
    "文件名用小写加连字符",
    "Use TypeScript for new code",
    "新代码用 Python 写",
    "I like short commit messages",
    "提交说明写详细一点",
    "API 返回 JSON",
]

OPPOSITE_DEV: list[tuple[str, str]] = [
    ("我喜欢早上开会", "I prefer meetings in the afternoon"),
    ("我喜欢周五部署", "I prefer not to deploy on Fridays"),
    ("我喜欢用同步代码", "I prefer async code"),
    ("我喜欢开启自动保存", "I prefer autosave turned off"),
    ("我喜欢回答长一点", "I prefer short answers"),
    ("编辑器我喜欢用深色主题", "I prefer a light theme"),
    ("函数长一点", "Keep functions short"),
    ("先写代码再写测试", "Write tests before code"),
    ("回复里加 emoji", "Replies without emoji"),
    ("部署在周五", "Never deploy on Friday"),
]

OPPOSITE_HELD: list[tuple[str, str]] = [
    ("我喜欢晚上跑批处理", "Run batch jobs in the morning"),
    ("测试报告要详细", "Keep test reports brief"),
    ("我喜欢把字体调大一点", "I prefer a smaller font"),
    ("通知要关掉", "Turn on notifications"),
    ("日志多打一点", "Log less"),
    ("接口调用用同步方式", "Make the API calls asynchronous"),
    ("提交前不用跑 lint", "Always run lint before committing"),
    ("代码审查后再合并", "Merge before the code review"),
    ("Use tabs, not spaces", "缩进用空格"),
    ("变量名写长一点，要有意义", "Keep variable names short"),
    ("I like verbose logging", "日志简洁一点"),
    ("周末别发消息给我", "Message me on weekends"),
    ("Dark terminal theme please", "终端用浅色主题"),
    ("我喜欢下午做代码审查", "Do code reviews in the morning"),
    ("Don't add type hints", "函数都加上类型注解"),
]
