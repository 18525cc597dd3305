#!/usr/bin/env python3
"""Build queries.jsonl for the recall3 workspace (庭记 / court ASR team).

Each query: q(type, text, [(path, quote), ...], note). The `lang` field is set
mechanically from the query text; ids are assigned in order.
"""
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent
Q = []


def lang_of(text):
    cjk = any("\u4e00" <= c <= "\u9fff" for c in text)
    latin = any(c.isascii() and c.isalpha() for c in text)
    return "mixed" if cjk and latin else ("zh" if cjk else "en")


def q(type_, text, gold, note):
    Q.append({"type": type_, "query": text, "gold": [{"path": p, "quote": s} for p, s in gold], "note": note})


D = lambda day: f"memory/2026-{day}.md"  # noqa: E731
M = "MEMORY.md"
U = "USER.md"
INFRA = "memory/infra.md"
PROJ = "memory/projects.md"
LES = "memory/lessons.md"
PRIN = "memory/principles.md"

# ---------------------------------------------------------------- cross_lingual
CL = "cross_lingual"
q(CL, "what kinds of tasks does doccano support, according to our tool comparison?", [(D("03-06"), "doccano 只支持文本类任务")], "03-06: text-only tasks, no audio segmentation")
q(CL, "who agreed to hand over closed-case hearing recordings for training, and how many hours?", [(D("03-06"), "何工同意提供 200 小时已结案庭审录音")], "何工 of 浦江区法院 info center, 200h")
q(CL, "how are we allowed to move data out of the court's intranet?", [(D("03-06"), "只能走他们的加密 U 盘，不能走网盘")], "encrypted USB only, no cloud drive")
q(CL, "what did we do about the loss going NaN in fp16 LoRA runs?", [(D("03-09"), "fp16 下偶发 loss 变 NaN")], "grad clip 1.0")
q(CL, "which speaker roles can annotators choose from in the labeling template?", [(D("03-16"), "带说话人角色下拉框")], "Label Studio template role dropdown")
q(CL, "哪些法律术语本来就识别得不错，不用加热词？", [(D("04-13"), "are mostly fine already")], "English researcher note: 诉讼时效/反诉/质证 fine")
q(CL, "8k 的录音升采样以后字错误率大概多出多少", [(D("03-27"), "this adds ~3% CER compared to native 16kHz rooms")], "English pipeline note: AMR-NB upsampled, +~3% CER")
q(CL, "两个人同时说话的时候，说话人分离会出什么毛病？", [(D("03-19"), "Overlapping speech is the main failure")], "English line: judge and clerk merged when overlapping")
q(CL, "当事人姓名识别错误，有多大比例是只出现一次的名字？", [(D("04-13"), "41% of remaining errors on names")], "English: 41% from one-off party names")
q(CL, "What did the 20-hour retest show once silence was cut out before decoding?", [(D("04-10"), "复测 20 小时只剩 1 处")], "silero VAD first, only 1 hallucination left in 20h")
q(CL, "why was the coding agent moved off deepseek in April?", [(D("04-10"), "deepseek 在长 diff 上经常漏改文件")], "coder switched to qwen3-coder-480b because deepseek missed files on long diffs")
q(CL, "why did the research agent switch to gemini?", [(D("04-22"), "长论文 PDF 的表格读得更准")], "researcher gpt-4.1 -> gemini-2.5-pro for PDF tables")
q(CL, "How many hours did the accidental 8-GPU learning-rate sweep run?", [(D("04-16"), "跑了 11 小时，约 1.3 万元")], "only the 04-16 log has the 11 hours")
q(CL, "What reporting condition came with the April compute budget raise?", [(D("04-16"), "每月 25 日前发用量报告")], "杨总: usage report before the 25th")
q(CL, "why did the previous primary on-call hand the pager to Kevin?", [(D("04-20"), "他要专心搞机房迁移")], "周磊 focusing on DC migration")
q(CL, "why was the training box rebooted overnight and what did we lose?", [(D("04-20"), "凌晨被推荐组重启（换网卡）")], "recsys team swapped NIC, 19h run lost")
q(CL, "what segmentation batch size did we set for pyannote?", [(D("04-24"), "segmentation batch 调到 32")], "04-24 pyannote tuning")
q(CL, "Why did the weekly sync move off Monday morning?", [(D("05-06"), "Priya 周一有课")], "Priya has class on Mondays")
q(CL, "what's in the augmented training set, and is it a new label version?", [(D("05-06"), "增强版 court-zh-v3-aug")], "speed perturb + reverb, training only, not new labels")
q(CL, "What did the new MLE work on before joining us?", [(D("05-06"), "之前在做车载语音")], "王珂 previously in-car speech")
q(CL, "How many witness statements did the LLM punctuation rewrite actually alter?", [(D("05-08"), "20 条里有 3 条改动了证人的原话")], "3 of 20")
q(CL, "how much slower is each training step with gradient checkpointing?", [(D("05-11"), "每 step 慢约 22%")], "~22% slower per step")
q(CL, "What inter-annotator agreement does our labeling vendor get?", [(D("05-13"), "声田标注员一致性 kappa 0.82")], "kappa 0.82 (another 0.8x number)")
q(CL, "In the crash loop, where did MODEL_PATH point vs where the model really was?", [(D("05-20"), "真实目录是 `/models/scribe-asr/v1.4`")], "path mismatch after deploy")
q(CL, "give me an example of a money amount that int8 got wrong", [(D("05-22"), "被识别成“两万三千元”")], "二万三千五百元 -> 两万三千元")
q(CL, "how does the worker decide whether to mount the Shanghainese adapter?", [(D("05-26"), "按请求里的 court_id 决定是否挂载")], "dynamic adapter loading by court_id")
q(CL, "江湾法院是不是每个席位都有单独的麦克风通道？", [(D("05-26"), "each have their own mic channel in 江湾法院")], "English diarization note")
q(CL, "长音频相关的新论文里有没有值得切换的方案？", [(D("06-05"), "Nothing worth switching to this quarter")], "English lit notes: revisit Q3")
q(CL, "超过 30 秒的片段送进去会发生什么？", [(D("06-05"), "segments longer than 30s get truncated silently")], "English: Whisper 30s window")
q(CL, "What was the NCCL timeout on the rented H200 box caused by?", [(D("06-10"), "IB 网卡没在容器里暴露")], "InfiniBand device not exposed")
q(CL, "How long did the rehearsed rollback for the June release take?", [(D("06-18"), "耗时 2 分钟")], "2 min vs 40 min in April")
q(CL, "what does the new backlog alert fire on?", [(D("06-22"), "队列积压超过 200 个任务持续 5 分钟")], "Grafana queue alert")
q(CL, "Did we back up the annotation projects before upgrading the labeling tool?", [(D("06-19"), "升级前导出了全部项目的 JSON 备份到 MinIO")], "LS 1.15 upgrade backup")
q(CL, "最早那次 baseline 里最明显的错误是哪几类？", [(D("03-04"), "Most visible errors: case numbers")], "English: case numbers, amounts, party names")
q(CL, "哪类发言人最难识别？", [(D("03-04"), "the weak spot is 当事人 and elderly witnesses")], "English baseline note")
q(CL, "庭审录音主机导出的音频格式有什么问题？", [(D("03-04"), "exports 8kHz AMR files for some rooms")], "English: some rooms export 8kHz AMR")
q(CL, "Priya 核查的标签里，主要是哪几类错误？", [(D("04-27"), "mostly missing 语气词 and wrong digits")], "English: missing particles, wrong digits")
q(CL, "v1.5 上线后头一天有没有幻觉投诉？", [(D("06-19"), "v1.5 first 24h: no hallucination reports")], "English post-release check")
q(CL, "What does the assistant persona do about privacy of hearing audio?", [("SOUL.md", "庭审录音和转写原文属于敏感数据")], "SOUL rule: never send out")
q(CL, "How many emoji is she OK with in a heading?", [(U, "标题里最多一个")], "USER: at most one")
q(CL, "When should I switch from prose to a table when writing for her?", [(U, "超过 5 行的对比一律用表格")], "USER: comparisons over 5 rows")
q(CL, "Which office contact at the first pilot court do we deal with?", [(U, "首个试点浦江区法院，对接人是法院信息中心何工")], "USER background")
q(CL, "What must a written request to the court's IT contact include?", [("memory/patterns/general.md", "附上影响范围和回退方案")], "pattern: impact scope + fallback plan")
q(CL, "For the v1.4 canary, how long did we wait before going to 100%?", [(D("05-15"), "两小时无异常后全量")], "10% canary, full after 2h")
q(CL, "What does the worker do now with metadata claiming audio is already segmented?", [(D("06-24"), "worker 端强制切段，不信任上游元数据")], "force segmentation, ignore upstream metadata")
q(CL, "how much did lowering the no-speech threshold actually cut the hallucinations?", [(D("04-10"), "只少了一半")], "no_speech_threshold 0.6->0.4 halved only")

# ---------------------------------------------------------------- multi_hop
MH = "multi_hop"
q(MH, "Priya 抽查过标签的那个数据集，冻结时一共多少小时？",
  [(D("04-27"), "Priya sampled 2,000 utterances from court-zh-v3"), (D("04-01"), "court-zh-v3 冻结：910 小时")],
  "Priya audited court-zh-v3 -> v3 frozen at 910h")
q(MH, "The dataset version that absorbed Priya's label fixes — what's its error rate on re-check?",
  [(D("04-27"), "Fixes go into court-zh-v3.1, not v3"), (D("05-06"), "标签错误率降到 1.2%")],
  "fixes -> v3.1 -> 1.2%")
q(MH, "被我们淘汰的那家标注供应商报价是多少？",
  [(M, "标注外包给声田数据；声天科技出局"), (D("04-03"), "| 声天科技 | ¥520 / 音频小时")],
  "rejected vendor 声天科技 -> ¥520/h")
q(MH, "The person who took primary on-call from 周磊 — which project does he own?",
  [(D("04-20"), "scribe-api 主 on-call 从周磊交给 Kevin"), (PROJ, "**负责人**: Kevin")],
  "Kevin -> 庭审检索 search-svc")
q(MH, "接替 Kevin 当主 on-call 的人，入职前是做什么的？",
  [(D("05-19"), "今天起 scribe-api 主 on-call 交给王珂"), (D("05-06"), "之前在做车载语音")],
  "王珂 -> in-car speech")
q(MH, "The agent that copied the wrong Shanghainese CER into the May report — which model was it running at the time?",
  [(D("05-28"), "周报初稿把上海话 CER 写成 0.214"), (D("05-26"), "writer 从 qwen-max 换到 kimi-k2")],
  "writer -> kimi-k2 since 05-26")
q(MH, "coder 谎报部署成功的那台推理机是什么配置？",
  [(D("05-20"), "coder 昨晚报告“infer-l40s-01 worker 已部署”"), (INFRA, "| infer-l40s-01 | 4×L40S 48G")],
  "infer-l40s-01 -> 4×L40S 48G")
q(MH, "Which model was the coding agent on when it falsely reported the deployment as done?",
  [(D("05-20"), "coder 把 `docker compose up -d` 返回 0 当成了部署成功"), (D("05-20"), "coder 从 qwen3-coder-480b 换到 claude-sonnet-4-5")],
  "misreport logged 11:00; the switch away from qwen3-coder-480b came at 16:00 the same day")
q(MH, "v1.3 是在哪台机器上训的？那台机器几张什么卡？",
  [(D("04-08"), "scribe-asr v1.3 上线：court-zh-v3 上 LoRA 微调"), (D("04-03"), "训练正式迁到 gpu-h800-01"), (INFRA, "| gpu-h800-01 | 8×H800 80G")],
  "v1.3 = court-zh-v3 LoRA -> trained after move to gpu-h800-01 -> 8×H800")
q(MH, "当初否掉 NeMo MSDD 时选中的那个分离方案，现在 DER 降到多少了？",
  [(M, "说话人分离用 pyannote 3.1，NeMo MSDD 否决"), (D("06-26"), "说话人分离 DER 0.087")],
  "pyannote -> latest DER 0.087")
q(MH, "最早出现“点赞订阅”幻觉的那家法院，什么时候正式进了试点名单？",
  [(D("04-10"), "江湾法院试用录音里出现"), (D("05-13"), "试点法院增加到 3 家")],
  "江湾 -> joined pilot list 05-13")
q(MH, "第一次遇到 504 的那家法院，最新版本上线后投诉了什么？",
  [(D("04-20"), "松林法院试传一段 52 分钟的音频"), (D("06-19"), "One complaint from 松林法院")],
  "松林 -> 苏北话 witness")
q(MH, "Which vector store did we pick for transcript search, and which embedding model does it use now?",
  [(M, "转写检索向量库用 pgvector"), (D("06-08"), "Embedding 再换到 bge-m3")],
  "pgvector + bge-m3 (latest)")
q(MH, "沪语通标的那批上海话数据进了哪个版本？这个版本到底多少小时？",
  [(D("06-02"), "含沪语通兼职标注的上海话 180 小时"), (D("06-04"), "更正：court-zh-v4 是 1,340 小时")],
  "court-zh-v4 -> 1,340h (1,430 typo)")
q(MH, "v1.4 发布那个月，说话人分离的 DER 是多少？",
  [(D("05-15"), "scribe-asr v1.4 上线"), (D("05-26"), "DER down to 0.113")],
  "v1.4 in May -> DER 0.113 (May)")
q(MH, "The researcher whose first pick for experiment tracking got vetoed — what label error rate did she find later?",
  [(D("03-11"), "W&B was Priya's first choice"), (D("04-27"), "Label error rate: 4.7%")],
  "Priya -> 4.7%")
q(MH, "杨总批 15 万预算时绑定的那个模型版本，测试集 CER 是多少？",
  [(D("06-08"), "杨总批准 Q3 前算力预算每月 15 万"), (D("06-26"), "v1.5 在 court-test-v2 上 CER 0.081")],
  "condition v1.5 -> CER 0.081")
q(MH, "第一次澄清保留期限只管原始音频的那个人，他的单位后来把期限缩到几天？",
  [(D("04-07"), "何工澄清：限制的只是原始音频"), (D("06-15"), "法院信息中心审计后要求")],
  "何工 -> 法院信息中心 -> 30 days")
q(MH, "热词文件名写错导致回滚的那次花了多久？现在演练过的回滚要多久？",
  [(D("04-08"), "回滚到 v1.2 用了 40 分钟"), (D("06-18"), "回滚命令已演练")],
  "40 min then, 2 min now")
q(MH, "When the T4 box was retired from serving, what replaced it and what p95 did the replacement hit?",
  [(D("04-16"), "新增 infer-a10-01（2×A10 24G）"), (D("04-29"), "scribe-worker p95 延迟 1.8s")],
  "infer-a10-01 -> p95 1.8s")
q(MH, "王珂休婚假期间谁做 on-call 备份？备份的那个人负责哪个项目？",
  [(D("06-22"), "王珂休婚假"), (PROJ, "**负责人**: Kevin")],
  "Kevin backup -> 庭审检索")
q(MH, "The annotation vendor we chose: what does it charge per audio hour now, and what QA sampling rate applies now?",
  [(M, "标注外包给声田数据"), (D("05-13"), "第 3 批起单价从 ¥380 降到 ¥350"), (D("06-04"), "抽检比例从 10% 调到 8%")],
  "声田 -> ¥350/h, 8%")
q(MH, "上海话最后定的训练方式，现在在 shh-test-v1 上是多少？",
  [(M, "上海话单独训 LoRA adapter"), (D("06-26"), "shh-test-v1 上 CER 0.198")],
  "separate LoRA adapter -> 0.198")
q(MH, "Who set the nginx timeout that caused the first 504, and what did the same person do that caused the second one?",
  [(D("04-20"), "周磊说他 3 月把 proxy_read_timeout 改成了 30s"), (D("06-17"), "周磊前天用模板覆盖了整个 nginx.conf")],
  "周磊: 30s in March; overwrote nginx.conf in June")
q(MH, "On the GPU box we rented instead of buying, what per-device batch size do we train with, and what would buying have cost?",
  [(D("06-10"), "per-device batch 48"), (D("06-04"), "采购 8×H200 整机报价约 ¥280 万")],
  "h200-vke-2 batch 48; purchase ¥2.8M")
q(MH, "Kevin 负责的那个服务，最近两次换 embedding 之后 nDCG 各是多少？",
  [(PROJ, "**负责人**: Kevin"), (D("05-25"), "nDCG@10 从 0.71 到 0.79"), (D("06-08"), "nDCG@10 到 0.84")],
  "0.79 with bge-large, 0.84 with bge-m3")
q(MH, "那段 2 小时 17 分录音来自的法院，现在上了 v1.5 吗？",
  [(D("06-24"), "北渚法院一段 2 小时 17 分的录音"), (D("06-29"), "v1.5 已覆盖 6 家试点法院")],
  "北渚 -> in the 6 pilots on v1.5")
q(MH, "v1.3 上线当天热词失效，那个月最终测到的热词召回率是多少？",
  [(D("04-08"), "上线 1 小时后浦江区法院书记员反馈当事人姓名全错"), (D("04-29"), "热词召回率 0.81")],
  "April hotword recall 0.81")
q(MH, "The incident that created the 8 card-hour approval rule — which agent proposed that job, and which model was that agent running then?",
  [(D("04-16"), "昨晚 researcher 提交的 lr sweep 默认 8 卡"), (D("04-22"), "researcher 从 gpt-4.1 换到 gemini-2.5-pro")],
  "researcher; it ran gpt-4.1 until the 04-22 switch")
q(MH, "the court whose exported files broke decoding with E1042 — which court first hit it, and what's the fix now?",
  [(D("03-17"), "部分浦江区法院音频在 scribe-worker 报 `E1042`"), (D("06-08"), "先用 ffmpeg `-err_detect ignore_err` 转 WAV")],
  "浦江区法院 -> ffmpeg ignore_err")
q(MH, "Which device did we use for the first 4-GPU LoRA runs, and what is that machine used for now?",
  [(D("03-09"), "在 gpu-a100-03 上用 4 卡跑通"), (INFRA, "3 月前的训练机，现在跑评测和小实验")],
  "gpu-a100-03 -> now evaluation and small experiments")

# ---------------------------------------------------------------- short_zh
SZ = "short_zh"
for text, day, quote, note in [
    ("婚假", "06-22", "王珂休婚假", "on-call handover due to wedding leave"),
    ("混响", "05-06", "法庭混响噪声", "court-zh-v3-aug augmentation"),
    ("换网卡", "04-20", "凌晨被推荐组重启（换网卡）", "reboot lost 19h"),
    ("巡查延长", "06-30", "法院巡查延长", "acceptance moved to 07-31"),
    ("车载语音", "05-06", "之前在做车载语音", "王珂 background"),
    ("语气词", "04-27", "mostly missing 语气词", "label errors"),
    ("合议", "04-10", "都出现在休庭、合议时的长静音段", "hallucination timing"),
    ("机房迁移", "04-20", "他要专心搞机房迁移", "on-call handoff reason"),
    ("量大折扣", "05-13", "（量大折扣）", "声田 price cut"),
    ("周一有课", "05-06", "Priya 周一有课", "sync moved"),
    ("数据授权", "03-17", "法务在复核数据授权", "先别动 pause"),
    ("地名表", "06-29", "新增南汇法庭的地名表", "hotword list 5,800"),
    ("律所", "05-22", "新增律所名称和常见法条", "hotword list 3,500"),
    ("积压", "06-22", "队列积压超过 200 个任务", "Grafana alert"),
    ("审计", "06-15", "法院信息中心审计后要求", "retention 30 days"),
    ("假装完成", "05-20", "少了“假装完成”", "coder model switch reason"),
    ("卡顿", "03-06", "音频波形在 2 小时长音频上卡顿", "Label Studio long audio"),
    ("下拉框", "03-16", "带说话人角色下拉框", "labeling template"),
    ("文件头", "06-08", "导出的 AMR 文件头损坏", "E1042 root cause"),
    ("成本减半", "06-15", "成本低一半", "writer -> deepseek-v3.2"),
    ("外网", "06-12", "出不了外网到 HF", "pyannote download 401"),
    ("编造数字", "06-29", "更少编造数字", "researcher -> gpt-5"),
    ("报价单", "04-03", "把声天的报价单发到了声田的群里", "vendor name mix-up"),
    ("梯度裁剪", "03-09", "先加了 grad clip 1.0", "fp16 NaN fix, English term in line"),
    ("篡改证词", "05-08", "20 条里有 3 条改动了证人的原话", "LLM punctuation rewrote testimony"),
    ("方言投诉", "06-19", "a witness's 苏北话 is badly transcribed", "松林 complaint"),
    ("抢话", "03-19", "talk over each other", "overlap merges 审判长/书记员"),
    ("麦克风", "05-26", "own mic channel", "seat-position prior"),
    ("加密优盘", "03-06", "加密 U 盘", "court data transfer"),
    ("显存优化", "05-11", "全量微调开 gradient checkpointing", "batch 16 -> 24"),
    ("推理扩容", "04-16", "新增 infer-a10-01（2×A10 24G）", "T4 -> A10"),
    ("重启白跑", "04-20", "没有 checkpoint，白跑", "19h lost"),
]:
    q(SZ, text, [(D(day), quote)], note)
q(SZ, "告警升级", [(INFRA, "告警升级：15 分钟无响应打电话给周磊")], "infra escalation")

# ---------------------------------------------------------------- paraphrase
PA = "paraphrase"
for text, path, quote, note in [
    ("标注员能不能看到音频存在哪", D("03-16"), "标注员看不到原始文件路径", "MinIO storage hidden from annotators"),
    ("老版本标注工具播不了哪种格式的录音", D("03-16"), "1.12 的音频播放器不支持 AMR", "AMR unsupported in LS 1.12"),
    ("被叫停的那次训练停在了多少步", D("03-17"), "checkpoint 保留在 step 4000", "paused run"),
    ("改造成 Triton 要花多少人力", D("03-25"), "Kevin 估计要 3 周改造", "3 weeks"),
    ("Kevin 觉得什么时候该回头再看 Triton", D("03-25"), "Kevin 保留意见", ">10 courts -> re-evaluate"),
    ("周报里哪个数字让领导追问是哪个集合的", D("03-30"), "杨总问 0.118 是哪个集合", "03-30 report"),
    ("周报初稿为什么被打回来", D("03-30"), "初稿把 dev 集的 CER 和 test 集混在一张表里", "mixed dev/test"),
    ("全量微调为什么要把学习率调低", D("04-14"), "全量微调对 lr 更敏感", "1e-5 -> 5e-6"),
    ("改成 bf16 以后还会数值溢出吗", D("04-14"), "H800 上没有 NaN 问题了", "bf16 no NaN"),
    ("超过十分钟的录音应该调哪个接口", D("04-20"), "超过 10 分钟的音频引导走异步接口", "/v1/jobs"),
    ("检索库预计要存多少段文本", D("04-22"), "数据量预计 < 500 万段", "pgvector sizing"),
    ("四月有条结论对不上任何模型存档", D("04-29"), "月度结论里有一条找不到对应 checkpoint", "origin of run-id rule"),
    ("v3.1 一共修正了多少条标注", D("05-06"), "共改 1.9 万条", "19k fixes"),
    ("新同事的 H800 权限卡在谁那里", D("05-06"), "gpu-h800-01 权限等周磊审批", "王珂 access"),
    ("v1.4 人工抽查时发现了什么问题", D("05-15"), "比 v1.3 多了 6 处", "numeric errors +6"),
    ("上海话适配器默认是打开的吗", D("05-15"), "上海话 adapter 默认关，按法院开启", "off by default, per court"),
    ("换 bge-large 之后重建向量索引花了多久", D("05-25"), "重建 HNSW 索引约 35 分钟", "35 min (vs 40 min estimate for 5M)"),
    ("推荐组什么时候要占用 H800", D("06-04"), "推荐组要用工作日白天", "weekday daytime"),
    ("火山那台机器合同先签了多久", D("06-04"), "租期先签 3 个月", "3 months"),
    ("第三批外包标注的质量怎么样", D("06-04"), "第 3 批抽检错误率只有 1.6%", "1.6%"),
    ("法院允许的窗口以外想上线该怎么办", D("06-17"), "其他时间上线要提前一天邮件", "email a day ahead"),
    ("v1.5 几点开始放量，几点全量", D("06-18"), "19:00 窗口开始灰度 10%，21:00 全量", "rollout timing"),
    ("为什么上游说切好段了实际却没切", D("06-24"), "文件元数据里声明是“已切段”，实际没切", "metadata lied"),
    ("除了 manifest，dataloader 的每个进程还额外缓存了什么", D("05-19"), "还各自缓存了解码后的音频", "decoded audio cache per worker (only in the daily log)"),
    ("长录音导入标注平台前要先切成多长", D("03-06"), "需要先按 10 分钟切块再导入", "10-minute chunks"),
    ("用 A100 跑一遍旧数据集要多久", D("03-09"), "单 epoch（court-zh-v2）约 5.5 小时", "5.5h per epoch on v2"),
    ("LoRA 秩当时设的多少", D("03-09"), "LoRA rank 32", "rank 32"),
    ("合同对调用外部大模型有什么限制", D("03-13"), "任何外部 LLM API 不得接触庭审原文", "no external LLM"),
    ("普通话和上海话一起训，上海话测试集效果如何", D("05-11"), "shh-test-v1 0.263", "mixed training 0.263"),
    ("热词表最早的规模有多大", D("04-27"), "首版热词表 1,200 条", "first version 1,200"),
    ("加标点那个模型准确度怎么样", D("05-08"), "ct-punc 标点 F1 0.83", "F1 0.83 (another 0.8x)"),
    ("How much of the March audio did the very first baseline run cover?", D("03-04"), "Ran v1.2 on 40 hours of March recordings", "40h spot check"),
    ("Why did Priya give up on the experiment tracker she preferred?", D("03-11"), "she agreed once the 出境 issue was clear", "data leaving the country"),
    ("Did we ask the courts to stop exporting narrowband audio?", D("03-27"), "Asked 林悦 to push 法院 to switch", "AMR rooms -> WAV"),
    ("Where does the list of party names we prompt with come from?", D("04-13"), "(from the 立案系统)", "case filing system"),
    ("Is the nightly rebuild time of the vector index acceptable?", D("04-22"), "Kevin worried about HNSW index build time", "~40 min for 5M rows"),
    ("How many utterances does the dialect test set have?", LES, "test set only has 412 utterances", "412"),
    ("For a single checkpoint, what range did the dialect CER swing across seeds?", LES, "swung between 0.229 and 0.256", "seed variance"),
    ("After adding the courtroom mic prior, what's still the biggest diarization error?", D("05-26"), "overlap is still the main error source", "overlap"),
    ("Did the recent long-form ASR papers beat our pipeline?", D("06-05"), "neither beats our setup on court audio", "no"),
    ("Were number errors worse right after the June release?", D("06-19"), "numbers errors flat vs v1.4", "flat"),
    ("What does the assistant say when it never saw a success log line?", "SOUL.md", "If I didn't see the log line, I say so.", "SOUL"),
    ("Which days is she normally in the office?", U, "Works mostly from 张江 office Tue-Thu", "USER"),
    ("Who speaks most clearly in the hearings, per the first baseline?", D("03-04"), "Judges speak clearly", "judges clear; parties and elderly witnesses weak"),
    ("Does she prefer meetings or written async updates?", U, "Prefers async updates in 飞书 over meetings", "USER"),
]:
    q(PA, text, [(path, quote)], note)

# ---------------------------------------------------------------- temporal
TE = "temporal"
for text, path, quote, note in [
    ("现在线上跑的是哪个模型版本", D("06-18"), "scribe-asr v1.5 上线", "v1.2 -> v1.3 -> v1.4 -> v1.5; infra/projects still say v1.4"),
    ("What's the current per-device batch size for fine-tuning?", D("06-10"), "per-device batch 48", "32 -> 16 -> 24 -> 48; infra says 24"),
    ("court-test-v2 上最新的 CER 是多少", D("06-26"), "v1.5 在 court-test-v2 上 CER 0.081", "0.118 -> 0.097 -> 0.086 -> 0.081"),
    ("latest Shanghainese CER on the dialect test set?", D("06-26"), "shh-test-v1 上 CER 0.198", "0.312 -> 0.297 -> 0.241 -> 0.198"),
    ("主训练机现在是哪台", D("06-04"), "今天起作为主训练机", "a100-03 -> h800-01 -> h200-vke-2; infra stale"),
    ("Who's primary on-call for scribe-api right now?", D("06-22"), "scribe-api 主 on-call 由苏婧接", "周磊 -> Kevin -> 王珂 -> 苏婧; infra says 王珂"),
    ("每月算力预算现在是多少", D("06-08"), "算力预算每月 15 万", "8 -> 12 -> 10 -> 15 万"),
    ("Which model is the coder agent running now?", D("05-20"), "coder 从 qwen3-coder-480b 换到 claude-sonnet-4-5", "deepseek -> qwen3-coder -> claude-sonnet-4-5; AGENTS.md stale"),
    ("writer 现在用的是什么模型", D("06-15"), "writer 从 kimi-k2 换到 deepseek-v3.2", "qwen-max -> kimi-k2 -> deepseek-v3.2"),
    ("What model does the main agent use these days?", D("06-12"), "main 从 claude-sonnet-4-5 升级到 claude-opus-4-1", "main upgraded 06-12"),
    ("researcher 目前挂的是哪个模型", D("06-29"), "researcher 从 gemini-2.5-pro 换到 gpt-5", "gpt-4.1 -> gemini-2.5-pro -> gpt-5"),
    ("原始录音现在保留多少天", D("06-15"), "保留期限从 90 天缩短到 30 天", "180 -> 90 -> 30; infra/projects say 90"),
    ("What's scribe-worker's p95 latency now?", D("06-17"), "p95 延迟降到 1.2s", "2.6s -> 1.8s -> 1.2s"),
    ("热词召回率最新是多少", D("06-26"), "热词召回率 0.89", "0.81 -> 0.86 -> 0.89"),
    ("说话人分离的错误率最新是多少", D("06-26"), "说话人分离 DER 0.087", "0.142 -> 0.113 -> 0.087; projects says 0.113"),
    ("热词表现在一共多少条", D("06-29"), "热词表 5,800 条", "1,200 -> 3,500 -> 5,800; projects says 3,500"),
    ("现在一共接了几家试点法院", D("06-29"), "已覆盖 6 家试点法院", "1 -> 3 -> 4 -> 6; projects says 3"),
    ("试点验收现在定在哪天", D("06-30"), "验收再推到 7 月 31 日", "06-30 -> 07-15 -> 07-31"),
    ("每周同步会现在几点开", D("06-15"), "改到周三 10:30", "Mon 10:00 -> Tue 14:00 -> Wed 10:30"),
    ("声田现在每小时收多少钱", D("05-13"), "第 3 批起单价从 ¥380 降到 ¥350", "¥380 -> ¥350"),
    ("search-svc 现在用的 embedding 是哪个", D("06-08"), "Embedding 再换到 bge-m3", "text2vec -> bge-large-zh -> bge-m3"),
    ("现在每天要处理多少小时录音", D("06-29"), "日均处理音频约 520 小时", "120 -> 300 -> 520h"),
    ("Current learning rate for full fine-tuning?", D("06-10"), "学习率 3e-6", "1e-5 -> 5e-6 -> 3e-6; infra says 5e-6"),
    ("Label Studio 现在是哪个版本", D("06-19"), "Label Studio 从 1.13 升到 1.15", "1.12 -> 1.13 -> 1.15; infra says 1.13"),
    ("scribe-worker 现在加载的模型目录是哪个", D("06-18"), "模型路径 `/models/scribe-asr/v1.5`", "/models/scribe-asr/v1.4 (05-20) -> v1.5"),
    ("Is gradient checkpointing on in the current training config?", D("06-10"), "关掉 gradient checkpointing", "on since 05-11, off on H200; infra says on"),
    ("按现在的训练配置，跑一轮要多长时间", D("06-10"), "单 epoch court-zh-v4 约 4.1 小时", "5.5h on A100/v2 earlier"),
    ("最近一个月算力实际花了多少", D("06-30"), "6 月算力用量 13.8 万", "May 9.4 万 -> June 13.8 万"),
    ("原始音频的 lifecycle 规则现在叫什么", D("06-15"), "`expire-raw-30d`", "expire-raw-90d stale in infra"),
    ("上海话适配现在谁在负责", PROJ, "王珂（5 月起", "苏婧 -> 王珂"),
]:
    q(TE, text, [(path, quote)], note)

# ---------------------------------------------------------------- negation_distractor
ND = "negation_distractor"
for text, path, quote, note in [
    ("Why didn't we go with Milvus for transcript search?", D("04-22"), "| Milvus | 否 |", "too many components"),
    ("Qdrant 为什么没选上", D("04-22"), "| Qdrant | 否 |", "nobody had used it; backups"),
    ("训练进程被杀那次，不是显存不够，那到底是什么", D("05-19"), "`dmesg` 里是 oom-killer", "host RAM OOM, not GPU"),
    ("推理机显存被打满那次，既然不怪 batch size，根因是什么", LES, "这条音频没有走 VAD 切段，整段送进了 batched pipeline", "lessons entry states cause and that batch size is irrelevant"),
    ("Which of our OOMs really was a batch-size problem?", D("04-14"), "per-device batch 32 直接 `CUDA out of memory`", "the April full-FT OOM (the others were not)"),
    ("Which diarization candidate did we reject over its heavy image and CUDA conflicts?", D("03-19"), "| NeMo MSDD | 可以 | 0.151", "NeMo MSDD"),
    ("除了 pyannote 和 NeMo，还有哪个说话人分离方案没选", D("03-19"), "| 3D-Speaker | 可以 | 0.166", "3D-Speaker"),
    ("Why not whisper.cpp for inference?", D("03-25"), "whisper.cpp 在 GPU 上不如 CTranslate2，放弃", "rejected engine"),
    ("试标质量更好的那家供应商为什么还是落选了", D("04-03"), "声天科技试标质量略好，但没有保密资质", "no clearance"),
    ("哪种热词方案是因为要新标注数据才放弃的", D("04-27"), "contextual biasing 微调需要新标注数据，Q2 排不上", "rejected option 3"),
    ("为什么没在 CTranslate2 解码里做 shallow fusion", D("04-27"), "shallow fusion 要改 CTranslate2 的 C++ 解码器", "rejected option 2"),
    ("Why didn't we let an LLM add the punctuation?", D("05-08"), "庭审记录不能改原话，LLM 方案放弃", "changes testimony"),
    ("上海话为什么不跟普通话一起训", D("05-11"), "混训让普通话也变差了 0.3 个点", "mixed training hurts Mandarin"),
    ("Overall CER barely moved with int8 — so why is it still banned in prod?", D("05-22"), "但数字类错误（金额、案号、日期）多了 31%", "numeric errors +31%"),
    ("H200 为什么没有直接买整机", D("06-04"), "采购 8×H200 整机报价约 ¥280 万，交付 10 周", "cost and lead time"),
    ("The June 504 wasn't the 30-second timeout again — what was it?", D("06-17"), "回到默认 60s", "config overwritten"),
    ("W&B 以外，还有哪个实验追踪工具被否了", D("03-11"), "| ClearML | 可自建 |", "too many components for 周磊"),
    ("标注工具为什么不自己开发", D("03-06"), "自研需要 Kevin 至少两周，排期不允许", "no time"),
    ("E1042 如果不是网络问题，根因到底是什么", D("06-08"), "导出的 AMR 文件头损坏", "corrupt AMR headers"),
    ("The 90-day clause in the court contract does not cover which data?", D("04-07"), "何工澄清：限制的只是原始音频", "transcripts not ours anyway"),
    ("原始音频缩到 30 天以后，哪些数据不用跟着删", D("06-15"), "训练用的已脱敏切片不受影响", "desensitized slices"),
    ("Which experiment tracker was rejected because metrics would leave the country?", D("03-11"), "| Weights & Biases |", "W&B SaaS"),
    ("int8 不进生产这条有没有例外", D("05-22"), "离线不受这条限制", "offline batch allowed"),
    ("松林法院投诉的那种口音，为什么现有 adapter 解决不了", D("06-19"), "not covered by our 上海话 adapter", "苏北话, not Shanghainese"),
    ("0.214 这个上海话 CER 为什么不能用", D("05-28"), "是从聊天记录里抄的中间实验数", "wrong number; real 0.241"),
    ("修 cuDNN 报错时哪种改法不但没用还添乱", D("03-23"), "第一反应改了 LD_LIBRARY_PATH", "don't touch LD_LIBRARY_PATH"),
    ("DER 0.142 那次测的时候没有区分什么", D("03-19"), "未区分重叠段", "overlap not separated"),
]:
    q(ND, text, [(path, quote)], note)

# ---------------------------------------------------------------- keyword_mixed
KW = "keyword_mixed"
for text, path, quote, note in [
    ("libcudnn_ops_infer.so.8: cannot open shared object file", LES, "`libcudnn_ops_infer.so.8: cannot open shared object file`", "exact error text in lessons"),
    ("E1042 最早是什么时候出现的", D("03-17"), "报 `E1042`", "first seen 03-17"),
    ("expire-raw-90d 是谁配的", D("04-07"), "周磊配 MinIO lifecycle 规则", "周磊, 04-07"),
    ("pg-main-01:5433 上跑的是什么", INFRA, "pg-main-01:5433", "PostgreSQL 16 + pgvector 0.7"),
    ("e5a7f3 是哪次评测", D("06-26"), "run `e5a7f3`", "June eval, v1.5"),
    ("run b71e04 的 CER", D("04-29"), "run `b71e04`", "April eval"),
    ("run id a3f9c2 对应哪个模型", D("03-30"), "run id `a3f9c2`", "v1.2 March eval"),
    ("lora-v12-r32-s2 停在哪个 step", D("03-17"), "lora-v12-r32-s2", "step 4000"),
    ("NCCL timeout /dev/infiniband h200-vke-2", D("06-10"), "--device=/dev/infiniband", "IB device"),
    ("diar-svc 401 Client Error", D("06-12"), "`401 Client Error`", "gated model download"),
    ("ffmpeg -err_detect ignore_err", D("06-08"), "-err_detect ignore_err", "E1042 fix"),
    ("MLflow artifact 保留几天", INFRA, "- MLflow artifact：60 天", "60 days (not 14/30/90)"),
    ("grafana-01 告警发到哪个群", INFRA, "grafana-01:3000", "飞书 庭记-告警"),
    ("ls-01 8080 Label Studio 最早装的版本", D("03-16"), "ls-01 上用 docker 部署 Label Studio 1.12", "1.12"),
    ("batched inference batch 8 infer-l40s-01", D("06-17"), "开 batched inference（batch 8）", "latency optimization"),
    ("MODEL_PATH /models/scribe-asr-v1.4 crash loop", D("05-20"), "`MODEL_PATH` 指向", "wrong path"),
    ("segmentation-3.0 speaker-diarization-3.1 权重放哪", D("06-12"), "pyannote/segmentation-3.0", "MinIO models/pyannote/"),
    ("v13-a v13-b CER 差多少", D("04-01"), "`v13-a`、`v13-b`", "0.6 points"),
    ("/v1/transcribe 504 松林", D("04-20"), "同步接口 `/v1/transcribe` 返回 504", "52-min upload"),
    ("沪0115民初 案号识别错", D("03-04"), "沪0115民初1234号", "case-number errors in baseline"),
    ("int8_float16 RTF 显存", D("05-22"), "RTF 0.05 vs 0.08", "int8 speed/memory"),
]:
    q(KW, text, [(path, quote)], note)

# ---------------------------------------------------------------- decision
DE = "decision"
for text, quote, note in [
    ("标注工具最后选了哪个", "标注工具定为 Label Studio", "vs doccano"),
    ("实验追踪平台最后定的哪个", "实验追踪用自建 MLflow", "vs W&B"),
    ("说话人分离现在统一用哪个库", "说话人分离用 pyannote 3.1", "vs NeMo MSDD"),
    ("推理框架最后怎么定的", "推理引擎 faster-whisper（CTranslate2），不上 Triton", "vs Triton"),
    ("冻结以后的训练集还能改标签吗", "训练集冻结后不再改标签", "freeze rule"),
    ("我们跟哪家标注公司合作", "标注外包给声田数据", "vs 声天科技"),
    ("For silence, do we tune thresholds or run a VAD first?", "静音段先过 silero VAD 再送模型", "VAD rule"),
    ("庭审检索的向量存在哪", "转写检索向量库用 pgvector", "vs Milvus"),
    ("热词是怎么加进解码的", "热词走 initial_prompt + 后处理替换表", "vs shallow fusion"),
    ("dev 集的数能对外讲吗", "对外只报 court-test-v2 上的数", "reporting rule"),
    ("给转写结果加标点，最后定的用什么", "标点恢复用 ct-punc", "vs LLM rewrite"),
    ("What are the release criteria for a new model?", "发布门槛：test CER 不回退", "release gate"),
    ("线上能不能跑 int8", "int8 量化不进生产", "float16 only"),
    ("Do we buy the H200s or rent them?", "H200 走火山引擎按月租", "rent"),
    ("pyannote 的权重从哪里拉", "模型文件和 pyannote 权重一律从 MinIO 内网镜像拉", "no direct HF"),
    ("Rule for long recordings before inference?", "长音频先按 VAD 切段再推理", "<=30s segments"),
    ("沪语那块是单独训还是跟普通话混着训", "上海话单独训 LoRA adapter", "vs mixed"),
    ("What are we allowed to write into scribe-api logs?", "scribe-api 日志只记音频 ID 和时长", "no transcripts"),
    ("发版前必须做什么回放", "发布前必须在 staging 跑完 court-demo-50 回放", "staging replay"),
]:
    q(DE, text, [(M, quote)], note)


def main():
    out = ROOT / "queries.jsonl"
    with out.open("w", encoding="utf-8") as f:
        for i, item in enumerate(Q, 1):
            row = {"id": f"q{i:03d}", "query": item["query"], "type": item["type"],
                   "lang": lang_of(item["query"]), "gold": item["gold"], "split": "dev",
                   "note": item["note"]}
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {len(Q)} queries to {out}")


if __name__ == "__main__":
    main()
