"""Learning simulation 7: a bioinformatics engineer in Hangzhou, three weeks.

Persona: 邝思远 (思远), 生信工程师 at 杭州澄序基因 (a fictional clinical genomics company), on the
tumour WES / panel pipeline team. Works on a Slurm cluster (login node hpc-login01, later
hpc-login03; partitions normal and bigmem), runs Nextflow pipelines (repo cx-wes-pipeline on the
internal GitLab, driven with glab), GATK4 / Mutect2 / VEP / samtools, R + ggplot2 plots, Python
notebooks, raw data in MinIO buckets. People: 周工 (HPC admin), 田老师 (team lead), 阿坤 (senior
bioinformatician), 小蒋 / 蒋一鸣 (owns the LIMS service), 小林 (a colleague), Priya (a collaborator
in Singapore). New to the agent. Writes mostly Chinese, switches to English mid-sentence or writes
whole messages in English; informal, typos, emoji, no punctuation at times.

What this is: a scripted, bilingual (Chinese, English, mixed) stream of what one user typed to their agent over three weeks, plus the failed tool calls Claude Code's failure hook reported, and where every item must end up in memory under the two learning policies:
- "synthesis" (note 000, the self-evolution preset): every finding is written once, as an L1 principle (principles.md) or an L2 pattern (patterns/*.md);
- "pool" (note 004, the memory-manager preset): a finding waits in CANDIDATES.md until it is observed 3 times, then an evolution card writes it to USER.md, MEMORY.md or MEMORY.md's 错误修正记录; an explicit instruction goes through the card in one step; a candidate with fewer than 3 observations whose first observation is more than expiry_days ago is dropped.
It was written before the first run, from the five design notes and the public README/design pages only, without reading the product's code or tests; the expected places and the reasons for them are in learning_sim7_rationale.md. Do not edit it after it was frozen (learning_sim7.sha256).

Rules of play (the runner):
- Day 1 is 2026-03-02. Events run in order through `memstrata signal`; "user" is the user's message in the owner's main session (its context may hold `[tool] COMMAND → OUTPUT` lines for what the agent just ran); "fail" is a failed tool call from the failure hook: text is the error output, context is "Bash: <command>". The same command failing twice minutes apart is a repeated_failure signal.
- At 22:00 each day the heartbeat runs when due (pending >= 5 signals, or > 24 h since the last synthesis / the oldest signal and pending non-empty), and the user approves every card.
- expiry_days = 14, threshold 3 (pool policy).
- Timing: items promoted from the pool have their 3 observations within 9 days of the first; "expired" items are first observed on day 1-2 and never after day 5, and there are signals on days 19-21 so a heartbeat is due at the end; "candidate" items are first observed on day 12 or later and observed at most twice; explicit instructions are said on day 19 at the latest.
- Scoring: each EXPECTED item must appear exactly once in its place and nowhere else in memory (entries and candidates); "absent" means no entry and no candidate anywhere. An item is found in a text when every group of its words has one word in it (case-insensitive).
"""

from __future__ import annotations

# (day, "HH:MM", event, text, context, item)
SCRIPT: list[tuple[int, str, str, str, str, str]] = [
    # ---- day 1, Mon 2026-03-02 ----
    (1, "09:42", "user",
     "今天开始用你帮我干活 先交代下环境：集群登录节点是 hpc-login01，直接 ssh 上去就行 不用跳板机",
     "", "fact_login_old"),
    (1, "10:05", "user",
     "原始 fastq 都在 minio 的 seq-raw 桶里 按 run 号一个目录",
     "", "fact_bucket_old"),
    (1, "10:31", "fail",
     "Error in library(ggplot2) : there is no package called ‘ggplot2’\nExecution halted",
     "Bash: Rscript plots/qc_summary.R --run R2603", "fail_single_rscript"),
    (1, "11:20", "user",
     "btw 你回复里 emoji 有点多 看着眼花😂 正经点就行",
     "", "pref_less_emoji"),
    (1, "14:08", "user",
     "你这一大段我翻到最后才看到到底过没过QC…能不能上来先说结论",
     "[tool] tail -5 logs/multiqc_R2603.log → [INFO] multiqc : Report saved to multiqc_report.html",
     "pref_conclusion_first"),
    (1, "16:45", "user",
     "今天食堂的酸菜鱼咸死了😤 一下午都在灌水",
     "", "neg_canteen"),
    (1, "17:30", "user",
     "帮我把 R2603 这批的 fastqc 结果汇总下 明早看",
     "", ""),
    # ---- day 2, Tue 2026-03-03 ----
    (2, "09:15", "user",
     "参考基因组别自己下了哈 集群上有现成的 /share/ref/GRCh38_analysis_set/ bwa索引 fai dict 都建好了",
     "", "fact_ref_path"),
    (2, "09:50", "fail",
     "CondaHTTPError: HTTP 000 CONNECTION FAILED for url <https://conda.anaconda.org/bioconda/linux-64/repodata.json>\nElapsed: -\n\nAn HTTP error occurred when trying to retrieve this URL.\nHTTP errors are often intermittent, and a simple retry will get you on your way.\n'https//conda.anaconda.org/bioconda/linux-64'",
     "Bash: conda env create -f envs/wes.yml", "fail_repeat_conda"),
    (2, "09:54", "fail",
     "CondaHTTPError: HTTP 000 CONNECTION FAILED for url <https://conda.anaconda.org/bioconda/linux-64/repodata.json>\nElapsed: -\n\nAn HTTP error occurred when trying to retrieve this URL.\nHTTP errors are often intermittent, and a simple retry will get you on your way.\n'https//conda.anaconda.org/bioconda/linux-64'",
     "Bash: conda env create -f envs/wes.yml", "fail_repeat_conda"),
    (2, "10:20", "user",
     "fastq 找不到的话去 seq-raw 底下 mc ls 一下 run 号目录都在",
     "", "fact_bucket_old"),
    (2, "11:02", "user",
     "又一堆 ✅❌🚀… 这种 emoji 少放点 我贴周报里还得一个个删",
     "", "pref_less_emoji"),
    (2, "14:30", "user",
     "图出来了 但这灰底也太丑了吧 白底的不行么",
     "[tool] Rscript plots/coverage_box.R → saved plots/coverage_box.png",
     "pref_plot_white_bg"),
    (2, "16:10", "user",
     "老规矩 pipeline 有改动要先拿 NA12878 跑一遍 GIAB 对照 SNV 的 F1 没掉才能合进去",
     "", "team_giab_check"),
    # ---- day 3, Wed 2026-03-04 ----
    (3, "09:30", "user",
     "作业都是在 login01 上 sbatch 的 你 ssh 过去交就行",
     "", "fact_login_old"),
    (3, "10:15", "user",
     "normal 那个队列单节点才 48G 跑 mutect2 肯定爆 WES 这种都扔 bigmem",
     "[tool] sbatch -p normal jobs/mutect2.sh T2401 → Submitted batch job 884102\n[tool] sacct -j 884102 --format=JobID,State,MaxRSS → 884102 OUT_OF_MEMORY 47.9G",
     "corr_bigmem_partition"),
    (3, "11:40", "user",
     "LIMS 导出那块是小蒋在管 字段有啥问题直接找他就行",
     "", "fact_lims_owner"),
    (3, "15:20", "user",
     "这时间是 UTC 的吧 我还得自己心算+8… 直接给我换成北京时间呗",
     "[tool] sacct -u kuangsy -S 2026-03-03 --format=JobID,JobName,Start,End,State → 884102 mutect2 2026-03-04T01:12:40 2026-03-04T03:55:02 OUT_OF_MEMORY",
     "pref_beijing_time"),
    (3, "17:05", "user",
     "GATK 4.5 的 HaplotypeCaller 默认参数跟 4.4 比有变化吗？要不要重新调",
     "", "neg_gatk_question"),
    # ---- day 4, Thu 2026-03-05 ----
    (4, "09:20", "user",
     "表头能不能别搞驼峰 SampleID MeanDepth 这种看着难受 全小写加下划线那种",
     "[tool] head -2 results/qc_metrics.tsv → SampleID\tMeanDepth\tPctTarget20x\nT2401\t212.4\t0.973",
     "pref_snake_case"),
    (4, "10:10", "user",
     "meta/ 底下那个 csv 是去年的 早没人维护了 样本表从 /share/lims_export/latest/ 拿 tsv 那个每天凌晨自动导",
     "[tool] head -3 meta/samplesheet.csv → sample,fastq_1,fastq_2\nT2312,/data/old/T2312_R1.fq.gz,/data/old/T2312_R2.fq.gz",
     "corr_samplesheet_source"),
    (4, "11:35", "user",
     "fyi the ref fasta lives in /share/ref/GRCh38_analysis_set , .fai and .dict are already sitting next to it, nothing to build",
     "", "fact_ref_path"),
    (4, "14:50", "user",
     "pls lead with the bottom line (pass or fail?) and put the details after, I don't have time to scroll thru all that",
     "[tool] python scripts/qc_report.py --run R2603 → 24 samples checked, 2 warnings",
     "pref_conclusion_first"),
    # ---- day 5, Fri 2026-03-06 ----
    (5, "09:10", "user",
     "fyi hpc-login01 is our login node, all the job submission goes through that box",
     "", "fact_login_old"),
    (5, "10:00", "user",
     "从 master 拉分支干嘛… master 只有发版才动 日常开发都基于 develop",
     "[tool] git checkout -b fix/vep-cache origin/master → Switched to a new branch 'fix/vep-cache'",
     "corr_develop_branch"),
    (5, "10:40", "user",
     "记住：VEP 注释一律用 110 的 cache，线上报告都是按 110 出的，版本一换结果就对不上了",
     "", "explicit_vep_cache"),
    (5, "14:15", "user",
     "could you ditch the grey background on these? theme_bw or whatever, just plain white",
     "[tool] Rscript plots/vaf_density.R → saved plots/vaf_density.png",
     "pref_plot_white_bg"),
    (5, "15:30", "user",
     "我们组 MR 要阿坤或者田老师 approve 一个才能合 你建完 MR @ 一下他俩",
     "", "team_mr_approval"),
    (5, "17:50", "user",
     "你要是能记住我每天几点开始摸鱼就好了 hhh 周五了 溜了🐟",
     "", "neg_joke_remember_zh"),
    # ---- day 6, Sat 2026-03-07 ----
    (6, "11:20", "user",
     "又交 normal 了… GATK 这种吃内存的丢 bigmem 去 normal 跑一半就被 kill",
     "[tool] sbatch -p normal --mem=46G jobs/haplotypecaller.sh T2402 → Submitted batch job 884377",
     "corr_bigmem_partition"),
    (6, "11:45", "user",
     "when you tell me start/end times make it Beijing time, the cluster clock is UTC and I keep mixing them up",
     "[tool] squeue -u kuangsy -o '%i %j %S' → 884377 hc_T2402 2026-03-07T03:20:11",
     "pref_beijing_time"),
    (6, "12:10", "user",
     "周末 LIMS 接口又 500 了 这个是小蒋那边的服务 我已经微信他了",
     "[tool] curl -s -o /dev/null -w '%{http_code}' http://lims.internal/api/v2/samples?run=R2604 → 500",
     "fact_lims_owner"),
    # ---- day 7, Sun 2026-03-08 ----
    (7, "15:00", "user",
     "你又读了 meta 下面那个老 csv 😅 这 18 个样本是上个月的批 最新的在 lims_export/latest/samplesheet.tsv",
     "[tool] python scripts/make_manifest.py --samplesheet meta/samplesheet.csv → wrote 18 rows to manifest.json",
     "corr_samplesheet_source"),
    (7, "15:40", "user",
     "这个改动动了 dedup 那步 按我们的惯例得先过一遍 GIAB 的 HG001 benchmark 看 F1 再说",
     "", "team_giab_check"),
    (7, "16:05", "user",
     "你给的命令前面都带个 $ 提示符 我一复制就带进去了 报 command not found 😩 去掉吧",
     "", "pref_no_dollar_prompt"),
    # ---- day 8, Mon 2026-03-09 ----
    (8, "09:05", "user",
     "下机数据换地方了 这周开始新 run 都落到 cx-fastq-2026 这个 bucket 里 按 run_id 分目录",
     "", "fact_bucket_new"),
    (8, "09:40", "user",
     "先一句话结论 then details pls😅 比如「T2405 QC 全过」这种 下面再展开",
     "", "pref_conclusion_first"),
    (8, "10:30", "user",
     "target 改成 develop… master 不收日常 MR 的 你把 !142 关了重开一个",
     "[tool] glab mr create --source-branch fix/dedup --target-branch master --title 'fix: dedup step' → !142 opened",
     "corr_develop_branch"),
    (8, "14:00", "user",
     "跑完的 BAM 我们这边都是转成 CRAM 再归档的 BAM 本身不留 存储太贵了",
     "", "team_cram_archive"),
    (8, "15:20", "user",
     "columns in snake_case pls — sample_name, tumor_purity, that kind of thing. no camelCase",
     "[tool] python -c \"import pandas as pd; print(list(pd.read_csv('out/purity.tsv', sep='\\t').columns))\" → ['sampleName', 'tumorPurity', 'ploidyEst']",
     "pref_snake_case"),
    (8, "16:40", "user",
     "ok 这个 manifest 没问题了 👍",
     "", ""),
    (8, "17:10", "user",
     "what if we ported the whole thing to Snakemake, would our slurm setup still work? just thinking out loud",
     "", "neg_hypothetical_snakemake"),
    # ---- day 9, Tue 2026-03-10 ----
    (9, "09:30", "user",
     "GRCh38 我们用的是 analysis set（no-alt 那版）不是 Ensembl 的 primary assembly，路径 /share/ref/GRCh38_analysis_set/",
     "", "fact_ref_path"),
    (9, "10:20", "user",
     "灰底又回来了😑 白底白底 这个要贴 PPT 的",
     "[tool] Rscript plots/tmb_bar.R → saved plots/tmb_bar.png",
     "pref_plot_white_bg"),
    (9, "11:10", "user",
     "这个经验记一下：Mutect2 出来的 vcf 要先过 FilterMutectCalls 再做注释，不然 FILTER 列全是 . 根本分不出 PASS，今天白查了俩小时",
     "", "explicit_filtermutectcalls"),
    (9, "14:30", "user",
     "MR 建好了就 ping 阿坤 — nothing gets merged here without a +1 from him or 田老师",
     "[tool] glab mr view 143 → !143 fix: dedup step · open · 0 approvals",
     "team_mr_approval"),
    (9, "15:50", "user",
     "几个样本对比的时候给我个表格吧 你一段一段写我得来回翻",
     "[tool] cat results/T2405/metrics.txt results/T2406/metrics.txt → MEAN_TARGET_COVERAGE 208.1 ... MEAN_TARGET_COVERAGE 187.6 ...",
     "pref_compare_table"),
    (9, "17:20", "user",
     "T2406 这对 tumor/normal 的 coverage 怎么这么不对称 normal 那边 chrX 低一半 是不是性别标错了？",
     "", "neg_asymmetric"),
    # ---- day 10, Wed 2026-03-11 ----
    (10, "09:15", "user",
     "raw fastq now lands in s3://cx-fastq-2026/<run_id>/ , point the pipeline there",
     "", "fact_bucket_new"),
    (10, "09:50", "user",
     "OOM again lol, that's the 48G cap on normal. bigmem 队列 for anything GATK-ish",
     "[tool] sbatch -p normal jobs/cnv.sh T2405 → Submitted batch job 885010\n[tool] sacct -j 885010 --format=State,MaxRSS → OUT_OF_MEMORY 47.8G",
     "corr_bigmem_partition"),
    (10, "10:40", "user",
     "几点挂的？按东八区说 别给我 T01:02 这种",
     "[tool] sacct -j 885010 --format=Start,End → 2026-03-11T01:02:15 2026-03-11T01:40:51",
     "pref_beijing_time"),
    (10, "11:30", "user",
     "btw LIMS belongs to Jiang Yiming (小蒋), not IT — any schema question goes to him",
     "", "fact_lims_owner"),
    (10, "14:20", "user",
     "before merging this we run the NA12878 GIAB check like for every pipeline change, SNV F1 shouldn't drop",
     "", "team_giab_check"),
    (10, "15:10", "user",
     "no leading $ in the snippets pls, it breaks copy-paste into the terminal",
     "", "pref_no_dollar_prompt"),
    (10, "16:30", "user",
     "隔壁临检组的规矩是报告必须双人复核签字才能发 所以他们慢得要死 跟我们没关系哈 纯吐槽",
     "", "neg_quote_other_rule"),
    # ---- day 11, Thu 2026-03-12 ----
    (11, "09:10", "user",
     "登录节点换了哈 周工昨晚迁完的 现在是 hpc-login03 ssh config 里那个 host 你更新下",
     "", "fact_login_new"),
    (11, "10:00", "user",
     "the samplesheet has to come from the daily LIMS dump in /share/lims_export/latest/ — the csv checked into the repo is stale",
     "[tool] wc -l meta/samplesheet.csv → 19 meta/samplesheet.csv",
     "corr_samplesheet_source"),
    (11, "11:20", "user",
     "老规矩 BAM 转成 CRAM 之后再扔归档 转的时候带上 ref 原 BAM 删掉",
     "", "team_cram_archive"),
    (11, "14:40", "user",
     "这次先别跑 BQSR 了 赶时间 直接 call 出 vcf 给田老师看",
     "", "neg_one_off_bqsr"),
    (11, "16:00", "user",
     "完美 这批 QC 一个没挂🎉",
     "", ""),
    # ---- day 12, Fri 2026-03-13 ----
    (12, "09:30", "user",
     "又来了 CopyNumberGain😑 列名按 copy_number_gain 这种下划线风格来",
     "[tool] head -1 results/cnv_summary.tsv → Sample\tCopyNumberGain\tCopyNumberLoss",
     "pref_snake_case"),
    (12, "10:15", "user",
     "rebase 的基线是 develop 不是 master 哈 master 落后好几十个 commit 了",
     "[tool] git rebase origin/master → Successfully rebased and updated refs/heads/fix/vcf-header.",
     "corr_develop_branch"),
    (12, "11:00", "user",
     "Remember: tumor/normal pairs come from the pair_id column in the samplesheet, not from the T/N prefix of the sample name — T2403 and N2403 are NOT always the same patient",
     "", "explicit_pair_id"),
    (12, "14:30", "user",
     "for the T2405 vs T2406 comparison a table would be way easier to read than paragraphs",
     "", "pref_compare_table"),
    (12, "16:20", "user",
     "小林写 R 非得用 data.table 一个 pipe 都不许出现 哈哈 你看他那脚本 全是 [ , := ]",
     "", "neg_colleague_pref"),
    # ---- day 13, Sat 2026-03-14 ----
    (13, "10:30", "user",
     "现在交作业都在 login03 上 老的那台下周下线",
     "", "fact_login_new"),
    (13, "11:00", "user",
     "又带美元符了…… 要那种直接能粘贴进终端的",
     "", "pref_no_dollar_prompt"),
    (13, "11:20", "user",
     "红绿配色田老师看不出来 他有点色盲 换 viridis 那种吧",
     "[tool] Rscript plots/vaf_by_gene.R → saved plots/vaf_by_gene.png",
     "pref_colorblind_palette"),
    (13, "11:50", "user",
     "阿坤今天请假 MR 先挂着 等田老师点头再合 我们这边不自己合的",
     "", "team_mr_approval"),
    # ---- day 14, Sun 2026-03-15 ----
    (14, "16:00", "user",
     "集群上哪来的 docker 😂 profile 用 slurm,singularity",
     "[tool] nextflow run main.nf -profile docker --input samplesheet.tsv → ERROR ~ Error executing process > 'FASTP (T2407)'\nCaused by:\n  Process `FASTP (T2407)` terminated with an error exit status (127)\n.command.run: line 302: docker: command not found",
     "corr_nextflow_profile"),
    (14, "16:30", "user",
     "如果哪天我们切 T2T-CHM13 了 所有 panel 的 bed 是不是都得 liftover 一遍？想想就头大",
     "", "neg_hypothetical_t2t"),
    # ---- day 15, Mon 2026-03-16 ----
    (15, "09:20", "user",
     "找 fastq 直接去 cx-fastq-2026 那个桶",
     "", "fact_bucket_new"),
    (15, "09:40", "user",
     "新到的 GPU 节点 gpu-a02 周工装好 parabricks 了 fq2bam 可以往那扔",
     "", "fact_gpu_node"),
    (15, "10:30", "fail",
     "[E::hts_idx_push] Unsorted positions on sequence #1: 1048576 followed by 1047211\nsamtools index: failed to create index for \"results/T2407/T2407.tumor.bam\"",
     "Bash: samtools index results/T2407/T2407.tumor.bam", "fail_repeat_samtools_index"),
    (15, "10:36", "fail",
     "[E::hts_idx_push] Unsorted positions on sequence #1: 1048576 followed by 1047211\nsamtools index: failed to create index for \"results/T2407/T2407.tumor.bam\"",
     "Bash: samtools index results/T2407/T2407.tumor.bam", "fail_repeat_samtools_index"),
    (15, "11:10", "user",
     "这段为啥越跑越慢 内存也一直涨\n```python\nseen = set()\ndef remember(read_id):\n    # always add, never evict\n    seen.add(read_id)\n    return len(seen)\n```",
     "", "neg_code_remember"),
    (15, "14:45", "user",
     "T2407-T2410 四个的 purity/ploidy 横向列个表格呗 一眼就能比",
     "", "pref_compare_table"),
    # ---- day 16, Tue 2026-03-17 ----
    (16, "09:30", "user",
     "fyi the way we do it here: archive CRAM, drop the BAM once the CRAM checks out",
     "", "team_cram_archive"),
    (16, "10:20", "user",
     "note this down as a lesson: Nextflow -resume only works if the work/ dir stays where it was. I moved work/ to another disk and it silently reran all 40 samples. keep work/ on /scratch and don't mv it",
     "", "explicit_nextflow_resume"),
    (16, "14:00", "user",
     "remember when 30x WGS was supposed to get cheap by now lol",
     "", "neg_joke_remember_en"),
    # ---- day 17, Wed 2026-03-18 ----
    (17, "09:15", "user",
     "heads up: hpc-login03 is where we submit from now, the old box is gone",
     "", "fact_login_new"),
    (17, "10:40", "user",
     "这个 notebook 里就先用 pandas 凑合 别给我改成 polars 就这一个文件 别的不管",
     "", "neg_current_notebook"),
    (17, "15:30", "user",
     "牛啊 一遍过",
     "", ""),
    # ---- day 18, Thu 2026-03-19 ----
    (18, "09:40", "user",
     "把这个 vcf 的 chr 前缀都去掉吧… 啊算了 never mind 不用了",
     "", "neg_never_mind"),
    (18, "10:30", "user",
     "the colors again — pls use something colorblind-safe like viridis for the gene plots",
     "[tool] Rscript plots/cnv_by_gene.R → saved plots/cnv_by_gene.png",
     "pref_colorblind_palette"),
    # ---- day 19, Fri 2026-03-20 ----
    (19, "10:00", "user",
     "这条写进 MEMORY.md：对外发的 PDF 报告里永远不要出现患者姓名 只写 sample ID",
     "", "explicit_no_patient_name"),
    (19, "11:30", "user",
     "帮我把 T2411 到 T2415 的 QC 跑一下",
     "", ""),
    (19, "15:00", "user",
     "again docker on the cluster 🙃 it's -profile slurm,singularity there, docker only exists on my laptop",
     "[tool] nextflow run main.nf -profile standard,docker --input samplesheet.tsv → .command.run: line 302: docker: command not found",
     "corr_nextflow_profile"),
    # ---- day 20, Sat 2026-03-21 ----
    (20, "11:00", "user",
     "好了 这周的 batch 全出完了 完美👍",
     "", ""),
    (20, "11:20", "user",
     "Priya keeps telling everyone 'always use bwa-mem2, it's 2x faster' lol, her lab's thing 🙃",
     "", "neg_priya_always"),
    (20, "15:10", "user",
     "fq2bam 那步去 gpu-a02 跑 比 CPU 快十来倍",
     "", "fact_gpu_node"),
    # ---- day 21, Sun 2026-03-22 ----
    (21, "20:00", "user",
     "perfect, thx 🙏 周一见",
     "", ""),
]

# item → (word groups, place under "synthesis", place under "pool")
EXPECTED: dict[str, tuple[list[list[str]], str, str]] = {
    # preferences, 3 times within 9 days → L2 pattern / USER.md
    "pref_conclusion_first": (
        [["结论", "bottom line", "tl;dr", "tldr", "conclusion", "一句话"],
         ["先", "first", "开头", "上来", "up front", "lead with", "前面", "top"]],
        "patterns", "user"),
    "pref_plot_white_bg": (
        [["灰底", "灰色背景", "灰背景", "grey background", "gray background", "白底", "白色背景",
          "white background", "theme_bw", "theme_classic"]],
        "patterns", "user"),
    "pref_beijing_time": (
        [["北京时间", "beijing time", "beijing", "东八", "utc+8", "gmt+8", "+08:00", "asia/shanghai"]],
        "patterns", "user"),
    "pref_snake_case": (
        [["snake_case", "snake case", "下划线", "蛇形"],
         ["列名", "表头", "column", "字段", "header", "命名"]],
        "patterns", "user"),
    "pref_no_dollar_prompt": (
        [["提示符", "美元符", "leading $", "$ sign", "dollar", "prompt"],
         ["复制", "粘贴", "copy", "paste"]],
        "patterns", "user"),
    "pref_compare_table": (
        [["表格", "table"],
         ["对比", "比较", "compare", "comparison", "横向", "side by side", "并排"]],
        "patterns", "user"),
    # preference said on days 1-2 only → expired in the pool
    "pref_less_emoji": (
        [["emoji", "表情", "图标", "icon"]],
        "patterns", "expired"),
    # preference first said on day 13, twice → still a candidate
    "pref_colorblind_palette": (
        [["viridis", "色盲", "colorblind", "color-blind", "colour-blind", "配色", "palette"]],
        "patterns", "candidate"),
    # facts, 3 times → L1 / MEMORY.md
    "fact_ref_path": (
        [["analysis_set", "analysis set"]],
        "principles", "memory"),
    "fact_lims_owner": (
        [["小蒋", "蒋一鸣", "jiang"],
         ["lims"]],
        "principles", "memory"),
    "fact_login_old": (
        [["login01"]],
        "principles", "memory"),
    "fact_login_new": (
        [["login03"]],
        "principles", "memory"),
    "fact_bucket_new": (
        [["cx-fastq-2026"]],
        "principles", "memory"),
    # old value said on days 1-2 only, replaced on day 8 → expired in the pool
    "fact_bucket_old": (
        [["seq-raw"]],
        "principles", "expired"),
    # news first said on day 15, twice → candidate
    "fact_gpu_node": (
        [["gpu-a02"]],
        "principles", "candidate"),
    # corrections of the agent, 3 times → L1 / 错误修正记录
    "corr_bigmem_partition": (
        [["bigmem"]],
        "principles", "corrections"),
    "corr_samplesheet_source": (
        [["lims_export"]],
        "principles", "corrections"),
    "corr_develop_branch": (
        [["develop"],
         ["分支", "branch", "mr", "merge", "rebase", "基线", "base"]],
        "principles", "corrections"),
    # correction first made on day 14, twice → candidate
    "corr_nextflow_profile": (
        [["singularity", "apptainer", "docker"]],
        "principles", "candidate"),
    # repeated tool failures
    "fail_repeat_conda": (
        [["wes.yml", "condahttperror", "http 000", "repodata", "conda"]],
        "principles", "expired"),
    "fail_repeat_samtools_index": (
        [["samtools", "hts_idx_push", "unsorted positions", "failed to create index"]],
        "principles", "candidate"),
    # a single failure on day 1: not a repeated failure, an error-detector candidate that expires
    "fail_single_rscript": (
        [["qc_summary", "no package called", "ggplot2"]],
        "absent", "expired"),
    # explicit instructions (one saying each)
    "explicit_vep_cache": (
        [["vep"],
         ["110"]],
        "principles", "memory"),
    "explicit_filtermutectcalls": (
        [["filtermutectcalls", "filtermutect"]],
        "patterns", "memory"),
    "explicit_pair_id": (
        [["pair_id", "pair id"]],
        "principles", "memory"),
    "explicit_nextflow_resume": (
        [["resume"],
         ["work", "工作目录"]],
        "patterns", "memory"),
    "explicit_no_patient_name": (
        [["姓名", "patient name", "患者名", "病人名"],
         ["报告", "report", "pdf"]],
        "principles", "memory"),
    # team rules said as news, 3 times → L1 / MEMORY.md
    "team_giab_check": (
        [["na12878", "giab", "hg001"]],
        "principles", "memory"),
    "team_mr_approval": (
        [["阿坤", "田老师"],
         ["approve", "approval", "+1", "点头", "审批", "批准", "review"]],
        "principles", "memory"),
    "team_cram_archive": (
        [["cram"]],
        "principles", "memory"),
    # hard negatives: no entry, no candidate
    "neg_canteen": (
        [["酸菜鱼", "食堂", "canteen"]],
        "absent", "absent"),
    "neg_gatk_question": (
        [["haplotypecaller", "gatk"],
         ["4.5", "4.4"],
         ["默认参数", "默认值", "default"]],
        "absent", "absent"),
    "neg_joke_remember_zh": (
        [["摸鱼", "slack off"]],
        "absent", "absent"),
    "neg_asymmetric": (
        [["不对称", "asymmetric", "asymmetry"]],
        "absent", "absent"),
    "neg_quote_other_rule": (
        [["双人复核", "复核", "双签", "two-person", "second sign"]],
        "absent", "absent"),
    "neg_one_off_bqsr": (
        [["bqsr", "base recalibration"]],
        "absent", "absent"),
    "neg_colleague_pref": (
        [["data.table", "小林"]],
        "absent", "absent"),
    "neg_hypothetical_t2t": (
        [["t2t", "chm13"]],
        "absent", "absent"),
    "neg_code_remember": (
        [["seen.add", "read_id", "remember("]],
        "absent", "absent"),
    "neg_joke_remember_en": (
        [["cheap", "便宜"]],
        "absent", "absent"),
    "neg_hypothetical_snakemake": (
        [["snakemake"]],
        "absent", "absent"),
    "neg_current_notebook": (
        [["polars"]],
        "absent", "absent"),
    "neg_never_mind": (
        [["chr 前缀", "chr前缀", "chr prefix", "前缀"]],
        "absent", "absent"),
    "neg_priya_always": (
        [["bwa-mem2", "bwa mem2", "bwamem2", "priya"]],
        "absent", "absent"),
}
