"""Round 39 (issue 11): two statements that share their frame and differ in what matters stay two.

An adversarial round on round 38's change (588 pairs) found 76 of 421 different pairs merged,
most by the hand rules on a shared frame: opposites the antonym table did not hold (升序 / 降序,
向上 / 向下取整, 内网 / 公网, soft / hard delete, "ask me first" / "go ahead, no need to check with
me"), and sibling rules that fill one slot of a frame otherwise ("上线当天别改数据库结构" / "上线
当天别改 nginx 配置"). A merged pair loses the second statement as "seen again". Each pair below
merged before this round; the guards say what must still merge.
"""

from __future__ import annotations

import pytest

from memstrata.evolve import known
from memstrata.evolve.polarity import opposed
from tests.merge_decision import merged

OPPOSITES = [
    ("列表默认按创建时间升序", "列表默认按创建时间降序，新的在上面"),
    ("搜索结果默认按时间倒序", "搜索结果默认按时间正序排，老的在前面"),
    ("数值计算向上取整", "数值计算向下取整，多出来的零头舍掉"),
    ("我们组对外接口是内网的", "我们组的接口是对公网开放的"),
    ("扩容优先加机器，横向扩", "扩容先升配置，纵向扩，加机器太麻烦"),
    ("删除用户的时候做软删除，打个标记", "用户删除就物理删掉，合规要求数据不能留"),
    ("数据同步走全量，每天凌晨跑一遍", "数据同步走增量，监听 binlog 实时同步"),
    ("npm 包发到公共的 registry 上", "npm 包只发到公司私有源，外面看不到"),
    ("按钮放在弹窗的右下角", "弹窗按钮放在左下角，确认在前面"),
    ("tables are named in the plural", "表名一律单数"),
    ("keep the navigation bar at the top", "导航栏放到屏幕底部"),
    (
        "I'd rather you ask before running anything destructive",
        "just go ahead and run the cleanup commands yourself, no need to check with me",
    ),
    (
        "wait for my go-ahead before pushing",
        "push whenever you're done, you don't need my sign-off",
    ),
    # written for this round, not from the review
    ("日志采集改成串行，一个一个来", "日志采集并行跑，别排队"),
    ("配置文件里的密码存明文就行，内网用", "配置文件里的密码一律存加密后的"),
    # quantities turned up or down, and what a count includes (round 39's second blind set)
    ("worker 并发数往上调一点", "worker 并发数偏多了，调小一点"),
    ("会话超时拉长到两个小时", "会话超时缩短一点，半小时就够"),
    ("GMV 统计里把退款订单也算进去", "GMV 统计一律把退款订单剔除"),
]


@pytest.mark.parametrize(("first", "second"), OPPOSITES)
def test_everyday_opposites_go_opposite_ways(first: str, second: str) -> None:
    assert opposed(first, second)
    assert opposed(second, first)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        # the same pole said twice
        ("列表按时间倒序排", "列表最新的在最前面，也就是按时间降序"),
        ("改生产配置之前先请示我", "生产配置要改的话先问我"),
        ("扩容走横向扩展，加机器", "scale out horizontally: add machines, don't upgrade them"),
        # a pole the statement turns down is no pole it holds
        ("用户删除做软删除，不要物理删", "删用户只打标记，软删就行"),
    ],
)
def test_a_statement_said_again_on_the_same_pole_is_not_opposed(first: str, second: str) -> None:
    assert not opposed(first, second)


SIBLINGS = [
    ("上线当天别改数据库结构，心脏受不了", "上线当天别改 nginx 配置，心脏受不了"),
    (
        "拜托 review 的时候看看有没有 N+1 查询 线上已经被坑两回了",
        "拜托 review 的时候看看有没有漏掉事务 线上已经被坑两回了",
    ),
    (
        "don't add new dependencies without asking me",
        "don't upgrade existing dependencies without asking me",
    ),
    # written for this round
    ("合并之前先跑一遍 mypy", "合并之前先跑一遍 eslint"),
    ("Never log the user's phone number", "Never log the user's home address"),
    # the kind both slots end on is no likeness (群, 云)
    ("监控告警推到飞书群", "监控告警推到钉钉群"),
    ("备份文件放阿里云", "备份文件放华为云"),
]


@pytest.mark.parametrize(("first", "second"), SIBLINGS)
def test_one_slot_of_a_frame_filled_otherwise_is_another_statement(first: str, second: str) -> None:
    assert known.other_endings(first, second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("发版前先跑测试", "发版前先跑一遍单测"),  # a short form shares a character
        ("回复简短一点", "回复简洁一点"),
        ("合并之前先跑一遍 lint", "合并之前先跑一遍 linter"),  # one stem
        ("提交前跑 lint", "提交之前跑 lint"),  # nothing but the frame differs
    ],
)
def test_a_slot_said_with_a_short_form_or_a_synonym_is_no_other_statement(
    first: str, second: str
) -> None:
    assert not known.other_endings(first, second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        OPPOSITES[0],  # merged at 1.6 before (cosine 0.86)
        OPPOSITES[2],
        SIBLINGS[0],  # merged at 1.64
    ],
)
def test_the_loop_keeps_both_statements(first: str, second: str) -> None:
    assert not merged(first, second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Python 脚本用 logging, 别用 print", "Python 脚本的 config 统一读 env, 别写 yaml"),
        ("写 shell 脚本开头要 set -euo pipefail", "shell 脚本里变量引用都要加双引号"),
    ],
)
def test_the_head_does_not_merge_what_the_rules_read_as_two_rules(first: str, second: str) -> None:
    """The learned head merged these (sure >= 0.9) over the slot the rules read as filled
    otherwise: ``restatement.may_restate`` now asks ``other_endings`` too."""
    assert known.other_endings(first, second)
    assert not merged(first, second)


def test_a_restatement_still_merges() -> None:
    assert merged("列表默认按创建时间降序", "列表默认按创建时间降序排列，新的在上面")


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("UI 走查找小周就行", "UI 走查找阿杰就行"),
        ("簡訊服務串三竹", "簡訊服務串中華電信"),
        ("告警消息推到飞书", "告警消息推到钉钉"),
    ],
)
def test_a_value_named_in_chinese_after_find_integrate_or_push_to_is_a_change(
    first: str, second: str
) -> None:
    """找 (whom to go to), 接 / 串 (what is integrated), 发到 / 推到 / 发给 (where it is sent) open a
    slot as 用 and 交给 do: "設計評審找阿哲就好" / "…找小美就好" was one statement (round 39)."""
    from memstrata.evolve import changes

    assert changes.swapped_value(first, second)
    assert known.contradicts(first, second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("下单接口的 coupon_id 参数设成必传", "下单接口的 coupon_id 参数改成可选的"),
        ("the invite code field is required", "the invite code field is optional"),
        ("给 BI 同学的数据库账号只读就行", "给 BI 同学的数据库账号开读写，他们要建临时表"),
        ("报表查询走从库", "报表查询走主库"),
    ],
)
def test_required_read_only_and_replica_have_their_opposites(first: str, second: str) -> None:
    assert opposed(first, second)
