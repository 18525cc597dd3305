"""Fake secrets of 60+ kinds, in the forms people paste them: prose, JSON, shell lines, env files,
connection strings, headers, half-pasted blocks. Built at run time from pieces so that the
repository holds no secret-shaped string.

Each entry is (the text as pasted, the core that must not survive anywhere once stored).
"""

from __future__ import annotations

import base64
import random

_rng = random.Random(20261130)


def _pick(alphabet: str, n: int) -> str:
    return "".join(_rng.choice(alphabet) for _ in range(n))


ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"


def _a(n: int) -> str:
    return _pick(ALNUM, n)


def _h(n: int) -> str:
    return _pick(HEX, n)


def _corpus() -> dict[str, tuple[str, str]]:
    c: dict[str, tuple[str, str]] = {}

    def add(kind: str, text: str, core: str) -> None:
        assert core in text, kind
        c[kind] = (text, core)

    key = "sk-" + "proj-" + _a(48)
    add("openai_project_key", f"export OPENAI_API_KEY={key}", key[8:40])
    key = "sk-" + _a(40)
    add("openai_legacy_key", f"用这个 key：{key} 调接口", key[5:35])
    key = "sk-" + "ant-api03-" + _a(60)
    add("anthropic_key", f'{{"anthropic": "{key}"}}', key[12:50])
    key = "sk-" + "ant-admin01-" + _a(60)
    add("anthropic_admin", f"admin key {key}", key[14:50])
    key = "AKIA" + _pick("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)
    add("aws_access_key", f"aws_access_key_id = {key}", key)
    secret = _pick(B64, 40)
    add("aws_secret_env", f"AWS_SECRET_ACCESS_KEY={secret}", secret[4:36])
    token = _pick(B64, 120)
    add("aws_session_token", f"AWS_SESSION_TOKEN={token}", token[10:60])
    key = "ghp_" + _a(36)
    add("github_classic", f"git clone https://{key}@github.com/acme/app.git", key[4:30])
    key = "github_pat_" + "11AB" + _a(70)
    add("github_fine_grained", f"token {key}", key[12:60])
    add("github_token_env", f"GITHUB_TOKEN={_h(8)}{(v := _a(32))}", v)
    key = "gho_" + _a(36)
    add("github_oauth", f"oauth: {key}", key[4:30])
    key = "glpat-" + _a(20)
    add("gitlab_pat", f"CI 里配置 {key} 即可", key[6:20])
    key = "xoxb-" + "1234567890-" + "1234567890123-" + _a(24)
    add("slack_bot", f"SLACK_BOT_TOKEN: {key}", key[20:])
    hook = "https://hooks.slack.com/services/" + "T" + _a(8) + "/B" + _a(8) + "/" + _a(24)
    add("slack_webhook", f"通知发到 {hook}", hook[40:])
    hook = "https://discord.com/api/webhooks/" + _pick("0123456789", 18) + "/" + _a(68)
    add("discord_webhook", f"webhook: {hook}", hook[-60:])
    key = "AIza" + "Sy" + _pick(ALNUM + "-_", 33)
    add("google_api_key", f"maps key {key}", key[4:])
    key = "ya29." + _pick(ALNUM + "-_", 80)
    add("google_oauth", f"Authorization: Bearer {key}", key[6:60])
    pem = (
        "-----BEGIN "
        + "PRIVATE KEY-----\n"
        + "\n".join(_pick(B64, 64) for _ in range(4))
        + "\n-----END PRIVATE KEY-----"
    )
    add("gcp_service_account_json", json_line("private_key", pem), pem.split("\n")[2])
    key = "hf_" + _a(34)
    add("huggingface", f"HF_TOKEN={key}", key[3:])
    key = "npm_" + _a(36)
    add("npm_token", f"//registry.npmjs.org/:_authToken={key}", key[4:])
    key = "pypi-" + "AgEIcHlwaS5vcmc" + _pick(ALNUM + "-_", 60)
    add("pypi_token", f"password = {key}", key[20:60])
    key = "SG." + _pick(ALNUM + "-_", 22) + "." + _pick(ALNUM + "-_", 43)
    add("sendgrid", f"SENDGRID_API_KEY='{key}'", key[3:40])
    key = _pick("0123456789", 10) + ":AA" + _pick(ALNUM + "-_", 33)
    add("telegram_bot", f"bot token {key}", key[13:])
    jwt = "eyJ" + _a(30) + ".eyJ" + _a(40) + "." + _a(43)
    add("jwt", f"session cookie: {jwt}", jwt[40:80])
    add("jwt_secret_env", f"JWT_SECRET={(v := _a(32))}", v)
    add(
        "django_secret_key",
        f"DJANGO_SECRET_KEY = '{(v := _pick(ALNUM + '!@#%^&*(-_=+)', 50))}'",
        v[5:45],
    )
    add("payments_api_key", f"PAYMENTS_API_KEY: {(v := _a(40))}", v)
    add("twilio_auth_token", f"TWILIO_AUTH_TOKEN={(v := _h(32))}", v)
    key = "SK" + _h(32)
    add("twilio_api_key", f"twilio key {key}", key)
    add("db_password_env", f"DB_PASSWORD={(v := 'Tr0ub4dor-' + _a(10))}", v)
    add("postgres_password_env", f'POSTGRES_PASSWORD: "{(v := _a(24))}"', v)
    add("mysql_cli", f"mysql -uroot -p{(v := 'Pw' + _a(14))} prod_db", v)
    add("mysqldump_cli", f"mysqldump --password={(v := _a(16))} app > dump.sql", v)
    add("redis_url_no_user", f"REDIS_URL=redis://:{(v := _a(20))}@cache.internal:6379/0", v)
    add("postgres_url", f"postgres://app:{(v := _a(18))}@db.internal:5432/app", v)
    add("mongodb_srv", f"mongodb+srv://admin:{(v := _a(18))}@cluster0.abc.mongodb.net", v)
    add("amqp_url", f"amqp://guest:{(v := _a(16))}@mq:5672/", v)
    basic = base64.b64encode(f"deploy:{_a(16)}".encode()).decode()
    add("basic_auth_header", f"curl -H 'Authorization: Basic {basic}' https://api", basic)
    add("bearer_two_spaces", f"Authorization: Bearer  {(v := _a(40))}", v)
    add("bearer_lowercase", f"authorization: bearer {(v := _a(36))}", v)
    key = "sk_" + "live_" + _a(40)
    add("stripe_live", f"stripe {key}", key[8:])
    key = "rk_" + "live_" + _a(40)
    add("stripe_restricted", f"restricted {key}", key[8:])
    key = "whsec_" + _a(32)
    add("stripe_webhook", f"STRIPE_WEBHOOK_SECRET={key}", key[6:])
    key = "shpat_" + _h(32)
    add("shopify", f"shopify admin token {key}", key[6:])
    key = "dop_v1_" + _h(64)
    add("digitalocean", f"doctl auth init -t {key}", key[7:50])
    key = "dapi" + _h(32)
    add("databricks", f"DATABRICKS_TOKEN={key}", key[4:])
    key = "lin_api_" + _a(40)
    add("linear", f"linear key {key}", key[8:])
    key = "secret_" + _a(43)
    add("notion", f"notion integration {key}", key[7:])
    key = "gsk_" + _a(52)
    add("groq", f"GROQ_API_KEY={key}", key[4:])
    key = "r8_" + _a(37)
    add("replicate", f"replicate token {key}", key[3:])
    key = "sq0atp-" + _pick(ALNUM + "-_", 22)
    add("square", f"square access {key}", key[7:])
    key = "key-" + _h(32)
    add("mailgun", f"mailgun {key}", key[4:])
    key = _h(32) + "-us14"
    add("mailchimp", f"mailchimp api {key}", key[:32])
    add("sentry_dsn", f"SENTRY_DSN=https://{(v := _h(32))}@o123.ingest.sentry.io/456", v)
    sig = _pick(ALNUM + "%", 44)
    add("azure_sas", f"https://acct.blob.core.windows.net/c?sv=2022&sig={sig}&se=2026", sig)
    add(
        "azure_conn_string",
        f"DefaultEndpointsProtocol=https;AccountName=acme;AccountKey={(v := _pick(B64, 86))}==;",
        v[4:60],
    )
    add("password_in_prose", f"数据库密码：{(v := 'Zhang3-Feng-' + _a(6))}，别外传", v)
    add("chinese_secret_key", f"密钥: {(v := _a(24))}", v)
    add("token_colon", f"token: tok_{(v := _a(30))}", v)
    add("client_secret_json", json_line("client_secret", (v := _a(40))), v)
    add("npmrc_authtoken", f"_authToken={(v := _a(36))}", v)
    pem = "-----BEGIN " + "RSA PRIVATE KEY-----\n" + "\n".join(_pick(B64, 64) for _ in range(3))
    add("pem_without_end", f"贴一下 key：\n{pem}", pem.split("\n")[2])
    pem = (
        "-----BEGIN "
        + "OPENSSH PRIVATE KEY-----\n"
        + _pick(B64, 70)
        + "\n-----END OPENSSH PRIVATE KEY-----"
    )
    add("openssh_key", pem, pem.split("\n")[1][5:60])
    add(
        "docker_auth_json",
        json_line("auth", (v := base64.b64encode(f"bot:{_a(20)}".encode()).decode())),
        v,
    )
    add("k8s_secret_token", f"kubectl --token={(v := _a(40))} get pods", v)
    add("api_key_yaml", f'api_key: "{(v := _a(32))}"', v)
    add("apikey_header", f"X-Api-Key: {(v := _a(32))}", v)
    add("private_key_assignment", f"private_key={(v := _a(40))}", v)
    # Key/value secrets in every spelling people write them (review of issue 12, item 2).
    add("password_zh_shi", f"数据库密码是 {(v := 'hunter2' + _a(12) + '!')}", v[:18])
    add("passcode_zh_wei", f"服务器口令为：{(v := _a(16))}", v)
    add("secret_key_zh_variant", f"秘钥: {(v := _a(20))}", v)
    add("key_zh_shi", f"对象存储的密钥是{(v := _a(20))}", v)
    add("pwd_assignment", f"pwd={(v := _a(14))}", v)
    add("passwd_colon", f"passwd: {(v := _a(14))}", v)
    add("password_assignment", f"password={(v := 'hunter2' + _a(12))}", v)
    add("secret_assignment", f"secret={(v := _a(24))}", v)
    add("token_assignment", f"token={(v := _a(24))}", v)
    add("api_key_assignment", f"api_key={(v := _a(24))}", v)
    add("markdown_fact", f"- **password**: {(v := _a(18))}", v)
    # Prose forms (review of issue 9, item 2): with no separator, or an English "is".
    add("password_zh_shi_glued", f"密码是{(v := 'Qwe9' + _a(10))}", v)
    add("db_password_zh_shi_glued", f"数据库密码是{(v := 'Db7' + _a(12))}", v)
    add("passcode_zh_shi_glued", f"口令是{(v := 'Kl4' + _a(12))}", v)
    add("token_zh_shi", f"token 是 {(v := _a(10) + '8' + _a(10))}", v)
    add("password_en_prose", f"my password is {(v := 'hunter2' + _a(9))}.", v)
    add("api_key_en_prose", f"The API key was: {(v := 'k9' + _a(22))}, rotate it", v)
    add("token_en_prose_quoted", f'the token is "{(v := _a(8) + "-" + _a(8))}"', v)
    return c


def json_line(key: str, value: str) -> str:
    import json

    return json.dumps({key: value})


CORPUS = _corpus()
assert len(CORPUS) >= 60, len(CORPUS)
