"""Round 27 of issue 11 (session 40): what review33 left — a test runner's failure reported over
several lines (cargo test, RSpec, dotnet test / xUnit, webpack) kept its runner's summary instead
of the assertion, and one size in two units ("2GB" / "2048MB") was read as a change. Each test
fails on the code before its fix (4bf35c5); guards pass on both and are named so.
"""

from __future__ import annotations

import pytest

from memstrata.capture.failure_text import failure_statement, telling_line

CARGO_TEST = """   Compiling shop v0.1.0 (/home/dev/shop)
    Finished test [unoptimized + debuginfo] target(s) in 2.31s
     Running unittests src/lib.rs (target/debug/deps/shop-1a2b3c)

running 3 tests
test tests::adds ... ok
test tests::coupon_applies ... FAILED
test tests::empty_cart ... ok

failures:

---- tests::coupon_applies stdout ----
thread 'tests::coupon_applies' panicked at src/lib.rs:42:9:
assertion `left == right` failed
  left: 100
 right: 90
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace


failures:
    tests::coupon_applies

test result: FAILED. 2 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s

error: test failed, to rerun pass `--lib`
"""

RSPEC = """..F.

Failures:

  1) Cart#total applies the coupon
     Failure/Error: expect(cart.total).to eq(90)

       expected: 90
            got: 100

       (compared using ==)
     # ./spec/cart_spec.rb:12:in `block (3 levels) in <top (required)>'

Finished in 0.02 seconds (files took 0.1 seconds to load)
4 examples, 1 failure

Failed examples:

rspec ./spec/cart_spec.rb:10 # Cart#total applies the coupon
"""

DOTNET_TEST = """  Determining projects to restore...
  All projects are up-to-date for restore.
  Shop.Tests -> /home/dev/shop/Shop.Tests/bin/Debug/net8.0/Shop.Tests.dll
[xUnit.net 00:00:00.45]     Shop.Tests.CartTests.AppliesCoupon [FAIL]
  Failed Shop.Tests.CartTests.AppliesCoupon [12 ms]
  Error Message:
   Assert.Equal() Failure: Values differ
Expected: 90
Actual:   100
  Stack Trace:
     at Shop.Tests.CartTests.AppliesCoupon() in /home/dev/shop/Shop.Tests/CartTests.cs:line 15

Failed!  - Failed:     1, Passed:     3, Skipped:     0, Total:     4, Duration: 20 ms - Shop.Tests.dll (net8.0)
"""

WEBPACK = """assets by status 1.2 MiB [cached] 3 assets
ERROR in ./src/index.js 3:0-32
Module not found: Error: Can't resolve './utils/format' in '/home/dev/web/src'
resolve './utils/format' in '/home/dev/web/src'
  using description file: /home/dev/web/package.json (relative path: ./src)

webpack 5.89.0 compiled with 1 error in 812 ms
"""


def test_cargo_test_keeps_the_assertion_and_its_values() -> None:
    said = telling_line(CARGO_TEST)
    assert "assertion `left == right` failed" in said
    assert "left: 100" in said and "right: 90" in said
    statement = failure_statement("cargo test", 2, said, False)
    assert "left: 100" in statement and "right: 90" in statement, statement


def test_rspec_keeps_the_failed_expectation_and_its_values() -> None:
    said = telling_line(RSPEC)
    assert said.startswith("Failure/Error: expect(cart.total).to eq(90)")
    assert "expected: 90" in said and "got: 100" in said
    statement = failure_statement("bundle exec rspec", 2, said, True)
    assert "got: 100" in statement, statement


def test_dotnet_test_keeps_the_assertion_message_and_its_values() -> None:
    said = telling_line(DOTNET_TEST)
    assert "Assert.Equal() Failure: Values differ" in said
    assert "Expected: 90" in said and "Actual: 100" in said
    statement = failure_statement("dotnet test", 2, said, False)
    assert "Values differ" in statement and "Actual: 100" in statement, statement


def test_webpack_keeps_the_module_it_could_not_resolve() -> None:
    said = failure_statement("npx webpack --mode production", 2, telling_line(WEBPACK), False)
    assert "Can't resolve './utils/format'" in said, said


@pytest.mark.parametrize(
    ("first", "second"),
    [("JVM 堆内存给 2GB", "JVM 堆内存给 2048MB"), ("容器内存上限 1.5Gi", "容器内存上限 1536Mi")],
)
def test_one_size_in_two_units_is_no_change(first: str, second: str) -> None:
    from memstrata.evolve import known

    assert not known.contradicts(first, second)


@pytest.mark.parametrize(
    ("first", "second"), [("JVM 堆内存给 2GB", "JVM 堆内存给 4096MB"), ("磁盘 1TB", "磁盘 512GB")]
)
def test_guard_another_size_in_another_unit_is_a_change(first: str, second: str) -> None:
    from memstrata.evolve import known

    assert known.contradicts(first, second)


# learning_sim10 and 8: a superstition laughed at was learned as a rule (with the tool line the
# agent had just run beside it, as in the scenarios)
@pytest.mark.parametrize(
    ("said", "context"),
    [
        (
            "資料品質最近好到我想去行天宮拜拜 😂 每次跑 dbt test 前先燒個香。",
            "[tool] dbt test → Done. PASS=212 WARN=0 ERROR=0 SKIP=0 TOTAL=212",
        ),
        (
            "今日 build 咗七次全部红 🙃 我决定以后淨系喺初一十五先 build，拜完神先 😂🙏",
            "[tool] curl -s https://jenkins.example/job/app/lastBuild/api/json | jq .result → "
            '"FAILURE"',
        ),
    ],
)
def test_a_ritual_said_with_a_laugh_is_no_rule(monkeypatch, said: str, context: str) -> None:
    from memstrata.capture.classifier import detect_learned
    from memstrata.text.scripts import simplified

    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")  # the learned classifier read them
    assert detect_learned(simplified(said), simplified(context)) == []


def test_guard_a_rule_said_beside_a_goodbye_and_a_laugh_stands(learned_kinds) -> None:
    assert learned_kinds("记住：以后发版前先跑 migration，拜拜 😂") == {"explicit_remember"}


def test_from_now_on_like_this_points_at_what_follows() -> None:
    """learning_sim9 titled an entry "以后都这样" (an echo): in a dictated message the rule it
    points at follows it without punctuation."""
    from memstrata.capture.statement import statement

    said = statement(
        "explicit_remember",
        "这个命名就对了 以后都这样 产品代号-版本号-git 短哈希 栖木云 OTA 后台是按文件名解析版本的",
    )
    assert said.title.startswith("产品代号-版本号")


def test_guard_like_this_before_how_stays_one_rule() -> None:
    from memstrata.capture.statement import statement

    assert statement("explicit_remember", "以后都这样写，别再用 var").title == "别再用 var"
