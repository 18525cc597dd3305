"""Persona: 周子航 (阿航), an embedded firmware engineer at 栖木智能, a fictional smart-home hardware
company in 深圳南山. He owns the firmware of the K3 wall-switch panel (ESP32-C3, ESP-IDF, Matter
over Wi-Fi) and of the CM2 curtain-motor controller (STM32G0, FreeRTOS, a new bootloader), flashes
boards with J-Link and OpenOCD, builds images on the company's GitLab runners, ships OTA releases
through 栖木云, and lives with the factory test jigs in 东莞; Zephyr is being evaluated on the side,
and a Zigbee product line shares his office. Colleagues: 老韩 (hardware), 潘婷 (factory test lead in
东莞), 孟凡 (cloud backend), 林悦 (product manager). He dictates most messages by voice input: long
run-on Chinese without punctuation, fillers (嗯, 那个, 就是, 然后), speech-recognition slips (烧录 →
烧路, 固件 → 故件) and numbers spoken as words (四千 k, 百分之五, 五点二); at other times he types
terse English or mixed lines, or pastes register dumps, serial-console output and linker errors.
He is direct, easily irritated when the agent repeats a mistake, and rarely says please: his
preferences come as complaints, his corrections point at the wrong port, branch, file or outdated
API, his facts arrive as news and asides ("fyi", "对了", "潘婷刚在群里说"), and his satisfaction is
a grunt ("牛", "nice", "完美"). The week-by-week story: a fw-arm runner tag and a bootloader offset
in week 1, a new jig host and the IDF 5.2 migration in week 2, OTA canaries, a CRC32 header and a
new OTA domain in week 3.

What this is: a scripted, bilingual (Chinese, English, mixed) stream of what one user typed to their agent over three weeks, plus the failed tool calls Claude Code's failure hook reported, and where every item must end up in memory under the two learning policies:
- "synthesis" (note 000, the self-evolution preset): every finding is written once, as an L1 principle (principles.md) or an L2 pattern (patterns/*.md);
- "pool" (note 004, the memory-manager preset): a finding waits in CANDIDATES.md until it is observed 3 times, then an evolution card writes it to USER.md, MEMORY.md or MEMORY.md's 错误修正记录; an explicit instruction goes through the card in one step; a candidate with fewer than 3 observations whose first observation is more than expiry_days ago is dropped.
It was written before the first run, from the five design notes and the public README/design pages only, without reading the product's code or tests; the expected places and the reasons for them are in learning_sim9_rationale.md. Do not edit it after it was frozen (learning_sim9.sha256).
Rules of play (the runner):
- Day 1 is 2026-03-02. Events run in order through `memstrata signal`; "user" is the user's message in the owner's main session (its context may hold `[tool] COMMAND → OUTPUT` lines for what the agent just ran); "fail" is a failed tool call from the failure hook: text is the error output, context is "Bash: <command>". The same command failing twice minutes apart is a repeated_failure signal.
- At 22:00 each day the heartbeat runs when due (pending >= 5 signals, or > 24 h since the last synthesis / the oldest signal and pending non-empty), and the user approves every card.
- expiry_days = 14, threshold 3 (pool policy).
- Timing: items promoted from the pool have their 3 observations within 9 days of the first; "expired" items are first observed on day 1-2 and never after day 5, and there are signals on days 19-21 so a heartbeat is due at the end; "candidate" items are first observed on day 12 or later and observed at most twice; explicit instructions are said on day 19 at the latest.
- Scoring: each EXPECTED item must appear exactly once in its place and nowhere else in memory (entries and candidates); "absent" means no entry and no candidate anywhere. An item is found in a text when every group of its words has one word in it (case-insensitive).
"""

from __future__ import annotations

_JLINK_FAIL = (
    "SEGGER J-Link Commander V7.94e (Compiled Jan 15 2024 15:24:18)\n"
    "DLL version V7.94e, compiled Jan 15 2024 15:23:53\n"
    "\n"
    "J-Link Command File read successfully.\n"
    "Processing script file...\n"
    "J-Link>connect\n"
    'Device "STM32G0B1RE" selected.\n'
    "\n"
    "\n"
    "Connecting to target via SWD\n"
    "InitTarget() start\n"
    "InitTarget() end - Took 2.31ms\n"
    "Found SW-DP with ID 0x0BC11477\n"
    "DAP initialized successfully.\n"
    "Can not attach to CPU. Trying connect under reset.\n"
    "Found SW-DP with ID 0x0BC11477\n"
    "Failed to power up DAP\n"
    "Cannot connect to target.\n"
    "\n"
    "Script processing completed."
)
_JLINK_CMD = (
    "Bash: JLinkExe -device STM32G0B1RE -if SWD -speed 4000 -autoconnect 1 "
    "-CommanderScript tools/flash_cm2.jlink"
)

_WEST_FAIL = (
    "-- west build: generating a build system\n"
    "CMake Error at CMakeLists.txt:5 (find_package):\n"
    '  Could not find a package configuration file provided by "Zephyr"\n'
    "  (requested version 3.6.0) with any of the following names:\n"
    "\n"
    "    ZephyrConfig.cmake\n"
    "    zephyr-config.cmake\n"
    "\n"
    '  Add the installation prefix of "Zephyr" to CMAKE_PREFIX_PATH or set\n'
    '  "Zephyr_DIR" to a directory containing one of the above files.\n'
    "\n"
    "\n"
    "-- Configuring incomplete, errors occurred!\n"
    "FATAL ERROR: command exited with status 1: /usr/bin/cmake -DWEST_PYTHON=/usr/bin/python3 "
    "-B/home/zhouzh/zp-eval/build -GNinja -DBOARD=esp32c3_devkitm -S/home/zhouzh/zp-eval/app"
)

_IRAM_FAIL = (
    "[1187/1189] Linking CXX executable qm_k3.elf\n"
    "FAILED: qm_k3.elf\n"
    "/home/zhouzh/.espressif/tools/riscv32-esp-elf/esp-13.2.0_20230928/riscv32-esp-elf/bin/"
    "../lib/gcc/riscv32-esp-elf/13.2.0/../../../../riscv32-esp-elf/bin/ld: qm_k3.elf section "
    "`.iram0.text' will not fit in region `iram0_0_seg'\n"
    "/home/zhouzh/.espressif/tools/riscv32-esp-elf/esp-13.2.0_20230928/riscv32-esp-elf/bin/"
    "../lib/gcc/riscv32-esp-elf/13.2.0/../../../../riscv32-esp-elf/bin/ld: region "
    "`iram0_0_seg' overflowed by 1424 bytes\n"
    "collect2: error: ld returned 1 exit status\n"
    "ninja: build stopped: subcommand failed.\n"
    "ninja failed with exit code 1, output of the command is in the "
    "/home/zhouzh/qm-k3/build/log/idf_py_stderr_output_48817 and "
    "/home/zhouzh/qm-k3/build/log/idf_py_stdout_output_48817"
)

SCRIPT: list[tuple[int, str, str, str, str, str]] = [
    # ---- day 1, Mon 2026-03-02 ----
    (1, "09:08", "user",
     "周一 先把 qm-k3 跟 cm2 两个仓库 pull 一下 看看上周都进了哪些提交",
     "", ""),
    (1, "09:35", "user",
     "对了 咱们 GitLab 上固件的 job 都得挂 fw-arm 这个 tag 才有机器接 公共 runner 上根本没装 "
     "arm-none-eabi 不挂的话就一直 pending 在那",
     "", "fact_ci_fw_arm_runner"),
    (1, "10:42", "user",
     "嗯 那个 你在 motor_task 里面写的那个 HAL_Delay 啊 这个在任务里一调 它是死等的 整个调度就被它"
     "霸占了 其他任务全饿死 换成 vTaskDelay 把 CPU 让出来",
     "[tool] sed -n 88,96p Core/Src/motor_task.c → 92:        HAL_Delay(5);",
     "exp_corr_vtaskdelay"),
    (1, "14:05", "user",
     "回复里那一堆 emoji 火箭对勾的 看得我眼花 纯文字就行",
     "", "exp_no_emoji"),
    (1, "16:20", "user",
     "写个 python 小脚本 把 cm2 电机的 csv 日志画成转速曲线 matplotlib 就行 列名是 t_ms rpm duty",
     "", ""),
    # ---- day 2, Tue 2026-03-03 ----
    (2, "09:05", "user",
     "嗯 东莞那边治具的上位机 地址是 192.168.10.20 走 modbus tcp 端口五零二 然后产测数据都是从"
     "这台上拉的",
     "", "exp_old_jig_ip"),
    (2, "10:15", "user",
     "tcpip_adapter 早就没了 那是 4.x 时代的东西 K3 用的是 IDF v5.2 网络那块走 esp_netif",
     "[tool] idf.py build → main/net.c:41:5: error: implicit declaration of function "
     "'tcpip_adapter_init' [-Werror=implicit-function-declaration]",
     "corr_idf_v52"),
    (2, "11:30", "fail", _WEST_FAIL,
     "Bash: west build -b esp32c3_devkitm app", "exp_fail_west_zephyr"),
    (2, "14:40", "user",
     "你改个两行就把 net.c 四百多行整个贴回来 我还得自己一行行找哪变了 给 diff 就够了",
     "", "pref_diff_only"),
    (2, "15:10", "user",
     "btw 老韩刚说 CM2 的 B 版板子状态灯挪到 PB3 了 A 版还是 PC13 烧 B 版的时候 LED 那个脚得对上",
     "", "exp_cm2_b_led_pb3"),
    (2, "16:45", "user",
     "FreeRTOS 的 configCHECK_FOR_STACK_OVERFLOW 开到 2 大概多多少开销 说个量级",
     "", ""),
    # ---- day 3, Wed 2026-03-04 ----
    (3, "09:20", "user",
     "cm2 现在带 bootloader 了 老韩那版 boot 占掉前 32K app 从 0x08008000 开始 链接和烧录都按这个来",
     "", "fact_cm2_app_base"),
    (3, "10:40", "user",
     "emojis again 🙄 this is a terminal, not wechat. plain text",
     "", "exp_no_emoji"),
    (3, "11:50", "user",
     "CR=50364195 我怎么看 寄存器这种东西给我十六进制 再把置位的那几个 bit 名字标出来",
     "[tool] python3 tools/regdump.py --periph RCC → CR=50364195 CFGR=1073741826",
     "pref_hex_registers"),
    (3, "15:00", "user",
     "问一下 ESP32-C3 深睡的时候 RTC 那块内存能留多少 8K 够不够放 OTA 断点续传的状态",
     "", "neg_q_rtc_memory"),
    (3, "17:30", "user",
     "把 cm2 堵转检测的电流阈值从宏挪到 EEPROM 模拟区里 做成产线能改的参数",
     "", ""),
    # ---- day 4, Thu 2026-03-05 ----
    (4, "09:40", "fail", _JLINK_FAIL, _JLINK_CMD, "fail_jlink_speed"),
    (4, "09:46", "fail", _JLINK_FAIL, _JLINK_CMD, "fail_jlink_speed"),
    (4, "10:10", "user",
     "嗯 我这个是语音输入的啊 有些字它识别得乱七八糟 什么烧路 故件的 你按意思理解就行 不用每次停下来"
     "问我这个字是啥",
     "", "pref_voice_typos"),
    (4, "11:20", "user",
     "这块板子要是再烧一块 我就去华强北摆摊卖二手开发板了 哈哈哈",
     "", "neg_joke_huaqiangbei"),
    (4, "15:30", "user",
     "老韩在群里发话了 原话是“以后所有 layout 改动必须先过我 review” 他们硬件组自己的规矩 转给你"
     "乐呵一下",
     "", "neg_quote_layout_rule"),
    (4, "16:40", "user",
     "看下 K3 面板触摸按键为啥偶尔识别成双击 log 在 logs/touch_0305.txt",
     "", ""),
    # ---- day 5, Fri 2026-03-06 ----
    (5, "09:30", "user",
     "fyi only the fw-arm runners have the arm + riscv toolchains baked in, so firmware jobs in "
     "ci go there. the shared docker runners can't build them",
     "", "fact_ci_fw_arm_runner"),
    (5, "10:20", "user",
     "ui_task 里又冒出来一个 HAL_Delay(20) 任务里头延时用 vTaskDelay HAL_Delay 是忙等 会把同优先级"
     "的全卡住",
     '[tool] grep -rn "HAL_Delay" Core/Src/ → Core/Src/ui_task.c:57:    HAL_Delay(20);',
     "exp_corr_vtaskdelay"),
    (5, "11:15", "user",
     "ttyUSB0 上挂的是治具那块 CH340 C3 自己的 log 走 USB Serial JTAG 是 /dev/ttyACM0",
     "[tool] idf.py -p /dev/ttyUSB0 monitor → --- idf_monitor on /dev/ttyUSB0 115200 --- "
     "(no output for 30 s)",
     "corr_k3_console_acm0"),
    (5, "14:00", "user",
     "那个 嗯 改动的话你就给我 git 那种 diff 就好了 就是加号减号的 整个文件贴出来太长了 我在手机上"
     "看根本翻不到头",
     "", "pref_diff_only"),
    (5, "14:50", "user",
     "行 按你说的办",
     "[tool] idf.py size-components → libnet80211.a 98311 | libmbedcrypto.a 71234 | main 41220",
     "neg_echo_as_you_said"),
    (5, "16:30", "user",
     "这段串口 log 帮我看看 OTA 下到一半为啥断了\n"
     "I (52311) esp_https_ota: Starting OTA...\n"
     "I (52318) esp_https_ota: Writing to partition subtype 17 at offset 0x1d0000\n"
     "W (61022) wifi:bcn_timeout,ap_probe_send_start\n"
     "E (64023) esp-tls-mbedtls: read error :-0x4C\n"
     "E (64025) esp_https_ota: data read failed",
     "", ""),
    (5, "17:40", "user",
     "nice, that was it 👍",
     "[tool] idf.py flash → Done",
     "neg_sat_nice"),
    # ---- day 6, Sat 2026-03-07 ----
    (6, "10:05", "user",
     "you're reading the v4.4 docs again. K3 is on IDF 5.2, half of those https_ota config fields "
     "got renamed",
     "[tool] curl -s https://docs.espressif.com/projects/esp-idf/en/v4.4/esp32c3/api-reference/"
     "system/esp_https_ota.html → (2113 lines)",
     "corr_idf_v52"),
    (6, "10:40", "user",
     "记住 量产前的 OTA 包一定要先在东莞那二十台老化架上跑满四十八小时 没跑满的不给林悦签字放行",
     "", "explicit_burnin_48h"),
    (6, "11:30", "user",
     "TIM1 register dump as CR1=129 BDTR=49152 tells me nothing. hex + names of the set bits, "
     "e.g. CR1 0x0081 = CEN|ARPE",
     "[tool] python3 tools/regdump.py --periph TIM1 → CR1=129 BDTR=49152",
     "pref_hex_registers"),
    (6, "15:00", "user",
     "哎呀 CM2 那几块板子 SWD 线拉得老长 J-Link 开四千 k 肯定连不上的 速度降到一千 k 就好了 周四就是"
     "这么弄好的",
     "[tool] JLinkExe -device STM32G0B1RE -if SWD -speed 4000 -autoconnect 1 -CommanderScript "
     "tools/flash_cm2.jlink → Cannot connect to target.",
     "fail_jlink_speed"),
    # ---- day 7, Sun 2026-03-08 ----
    (7, "20:10", "user",
     "STM32G0B1RETX_FLASH.ld 是 CubeMX 生成的 一 regenerate 就被覆盖 Makefile 里链的是 "
     "ld/cm2_app.ld 要改改那个",
     "[tool] sed -i 's/_Min_Heap_Size = 0x200/_Min_Heap_Size = 0x400/' "
     "Core/STM32G0B1RETX_FLASH.ld → (no output)",
     "corr_linker_cm2_app_ld"),
    # ---- day 8, Mon 2026-03-09 ----
    (8, "09:15", "user",
     "heads-up for the ota packer: cm2 app image base is 0x08008000, the first 32K belong to the "
     "bootloader",
     "", "fact_cm2_app_base"),
    (8, "10:00", "user",
     "fyi most of what I send is dictated, so odd characters are speech-to-text garbage. just "
     "guess what I meant and keep going",
     "", "pref_voice_typos"),
    (8, "11:00", "user",
     "帮我比一下 ESP32-C3 和 C6 做 K3 下一代 flash ram 功耗 价格 这种对比的东西 你写一大段一大段的"
     "我根本看不进去 表格最省事",
     "", "pref_table_compare"),
    (8, "14:30", "user",
     "帮我起个 ticket 描述 K3 1.4.2 OTA 之后 Matter commissioning 偶发失败 复现率五十次里三次",
     "", ""),
    (8, "15:20", "user",
     "要是哪天 K3 真切到 Zephyr 了 OTA 是不是就得跟着换成 MCUboot 那一套",
     "", "neg_hypo_mcuboot"),
    # ---- day 9, Tue 2026-03-10 ----
    (9, "09:30", "user",
     "cm2-boot 仓库也接进 CI 了 嗯 一样的 故件的 job 跑在 fw arm 那批 runner 上 公共那几台没有"
     "工具链的",
     "", "fact_ci_fw_arm_runner"),
    (9, "10:20", "user",
     "just the changed hunks, unified diff. not the whole 600-line file",
     "", "pref_diff_only"),
    (9, "11:00", "user",
     "that READY> prompt is the jig firmware lol, you opened its CH340 again. K3 console lives on "
     "/dev/ttyACM0",
     "[tool] python3 -m serial.tools.miniterm /dev/ttyUSB0 115200 → --- Miniterm on "
     "/dev/ttyUSB0  115200,8,N,1 --- | (jig) READY>",
     "corr_k3_console_acm0"),
    (9, "14:00", "user",
     "诶 潘婷刚在群里说 治具那台上位机换了台新工控机 现在地址是 192.168.10.45 原来那台退役了",
     "", "fact_jig_host_ip"),
    (9, "15:30", "user",
     "fyi cm2 boards only flash reliably with jlink at 1000 kHz, 4000 kHz keeps dropping the SWD "
     "link on those long leads",
     "[tool] cat tools/flash_all.sh → JLinkExe -device STM32G0B1RE -if SWD -speed 4000 "
     "-CommanderScript tools/flash_cm2.jlink",
     "fail_jlink_speed"),
    (9, "16:10", "user",
     "云端组新规定 接口字段变更要提前两周发邮件通知 那是孟凡他们后端内部的流程 跟我们固件没关系 "
     "吐槽一下而已",
     "", "neg_other_team_rule"),
    # ---- day 10, Wed 2026-03-11 ----
    (10, "09:10", "user",
     "嗯 你这个 wifi 初始化 还是 IDF 四点几那套写法 esp_event_loop_init 都出来了 我们 K3 早就升到"
     "五点二了 用 esp_netif 跟默认事件循环",
     '[tool] grep -n "esp_event_loop_init" main/wifi.c → 22:    '
     "ESP_ERROR_CHECK(esp_event_loop_init(wifi_event_handler, NULL));",
     "corr_idf_v52"),
    (10, "10:00", "user",
     "Remember: test builds use the Matter test vendor ID 0xFFF1. the real VID is written by the "
     "东莞 jig at production time, it never gets compiled in.",
     "", "explicit_matter_test_vid"),
    (10, "11:30", "user",
     "那个 GPIOA 的 MODER 你又给我一串十进制 嗯 看不懂的 直接 0x 开头的那种 然后哪几位是几标一下 "
     "寄存器我都是按位看的",
     "[tool] python3 tools/regdump.py --periph GPIOA → MODER=3958374399 ODR=32",
     "pref_hex_registers"),
    (10, "14:20", "user",
     "K3 这版 OTA 嗯 照老规矩 先灰度百分之五的设备 跑一天后台没异常再全量",
     "", "rule_ota_canary_5pct"),
    (10, "16:00", "user",
     "今天先把 K3 面板背光 PWM 频率提到 20k 试一下 老韩说现在 2k 有啸叫 试完再看",
     "", "neg_oneoff_backlight"),
    # ---- day 11, Thu 2026-03-12 ----
    (11, "09:20", "user",
     "打包脚本里 cm2 的 app offset 填 0x08008000 boot 在前面 32K 里",
     "", "fact_cm2_app_base"),
    (11, "10:30", "user",
     "这个命名就对了 以后都这样 产品代号-版本号-git 短哈希 栖木云 OTA 后台是按文件名解析版本的",
     "[tool] ls build/*.bin → build/qm-k3-1.4.2-a1b2c3d.bin",
     "explicit_fw_naming"),
    (11, "11:10", "user",
     "FreeRTOS vs Zephyr for the next gen: table pls, rows = criteria, cols = options. "
     "paragraphs comparing stuff are painful to read",
     "", "pref_table_compare"),
    (11, "14:30", "user",
     "诶 你这个 MR 怎么提到 master 去了 master 是发版才合的 日常的都进 develop 把 target 改一下",
     '[tool] glab mr create --source-branch feat/k3-ota-retry --target-branch master --title '
     '"OTA retry backoff" → !214 created',
     "corr_mr_target_develop"),
    (11, "16:00", "user",
     "why does gcc -Os still refuse this?\n"
     "// always inline: hot path in the motor ISR\n"
     "static inline __attribute__((always_inline)) void pwm_fast_set(uint16_t d) "
     "{ TIM1->CCR1 = d; }\n"
     "warning: inlining failed in call to 'always_inline' 'pwm_fast_set': function body can be "
     "overwritten at link time",
     "", "neg_code_always_inline"),
    # ---- day 12, Fri 2026-03-13 ----
    (12, "09:30", "user",
     "嗯 今天那个故件烧路的脚本再跑一遍 对了 我这边的字要是怪怪的 都是语音转出来的 你意会一下就行 "
     "不用停下来问",
     "", "pref_voice_typos"),
    (12, "10:10", "user",
     "jig host is 192.168.10.45 now (new IPC), jig_sync should pull from there",
     "", "fact_jig_host_ip"),
    (12, "11:00", "user",
     "that's the CubeMX-generated script, nothing links against it. the Makefile uses "
     "ld/cm2_app.ld",
     "[tool] sed -i 's/LENGTH = 512K/LENGTH = 480K/' Core/STM32G0B1RETX_FLASH.ld → (no output)",
     "corr_linker_cm2_app_ld"),
    (12, "14:00", "user",
     "周五 K3 的 OTA 就不推了 周五推出去出了问题 周末没人盯 等周一",
     "", "cand_no_friday_ota"),
    (12, "15:30", "user",
     "你看下这段互补 PWM 的配置 上下管死区不对称是故意的 两颗 MOS 开关速度不一样 这块你别动 就帮我"
     "核一下 BDTR 里 DTG 算得对不对",
     "", "neg_code_asym_deadtime"),
    (12, "17:00", "user",
     "完美 一次过",
     "[tool] make -C fw/cm2 -j8 → build OK, text 48212 data 1204 bss 9880",
     "neg_sat_perfect"),
    # ---- day 13, Sat 2026-03-14 ----
    (13, "10:20", "user",
     "嗯 monitor 又开到 USB0 上去了 那个口是治具的 CH340 看 K3 自己的日志 得开 ACM0 那个口",
     "[tool] idf.py -p /dev/ttyUSB0 monitor → --- idf_monitor on /dev/ttyUSB0 115200 --- | "
     "(jig) READY>",
     "corr_k3_console_acm0"),
    (13, "11:00", "user",
     "这个经验记一下 C3 的 Wi-Fi 老掉线的话 先别急着抓包查协议栈 拿示波器看一眼 3V3 的纹波 这次就是 "
     "LDO 不行 纹波两百多毫伏",
     "", "explicit_lesson_ripple"),
    (13, "11:40", "user",
     "0.0000123 A 这种我得数零数半天 休眠电流这种小数直接换成微安 写 12.3 微安一眼就懂",
     "[tool] python3 tools/power_calc.py --profile sleep → avg_current=0.0000123 A",
     "cand_sleep_current_ua"),
    (13, "15:10", "user",
     "产测脚本里这个 def remember(self, sn): self.seen.add(sn) 名字起得太随意 帮我改成 mark_seen "
     "调用的地方一起改了",
     "", "neg_code_remember_fn"),
    # ---- day 14, Sun 2026-03-15 ----
    (14, "15:10", "fail", _IRAM_FAIL, "Bash: idf.py build", "cand_fail_iram_overflow"),
    (14, "15:30", "user",
     "k3 1.4.3 goes out the usual way: 5% canary first, everyone else only after a quiet 24h",
     "", "rule_ota_canary_5pct"),
    (14, "16:00", "user",
     "把 power_calc.py 加个参数 能指定采样窗口 默认十秒",
     "", ""),
    # ---- day 15, Mon 2026-03-16 ----
    (15, "09:20", "user",
     "那个 链接脚本你又改到 Core 下面那个去了 那个是 CubeMX 自动生成的 一重新生成就没了 我们编译用的"
     "是 ld 目录下的 cm2_app 点 ld",
     "[tool] git status --short → M Core/STM32G0B1RETX_FLASH.ld",
     "corr_linker_cm2_app_ld"),
    (15, "10:00", "user",
     "target should be develop, master only takes release merges",
     '[tool] glab mr create --source-branch fix/cm2-uart-dma --target-branch master --title '
     '"UART DMA overrun" → !221 created',
     "corr_mr_target_develop"),
    (15, "10:40", "user",
     "那个 嗯 三家模组的报价你帮我理一下 乐鑫原厂 安信可 还有移远 然后就是 这种几家放一起比的东西 "
     "给我弄成表格 一家一行 看着清楚",
     "", "pref_table_compare"),
    (15, "11:20", "user",
     "孟凡说 OTA 后台域名迁了 现在是 fota.qimu-iot.cn 老的那个下个月下线",
     "", "cand_fota_domain"),
    (15, "14:00", "user",
     "is it always safe to pass NULL as pxHigherPriorityTaskWoken to xQueueSendFromISR, or do I "
     "lose the context switch?",
     "", "neg_q_isr_always"),
    # ---- day 16, Tue 2026-03-17 ----
    (16, "09:30", "user",
     "对 就是这台 治具新的工控机 192.168.10.45 产测数据从它上面拉",
     "[tool] ping -c 2 192.168.10.45 → 64 bytes from 192.168.10.45: icmp_seq=1 ttl=64 time=3.1 ms",
     "fact_jig_host_ip"),
    (16, "10:15", "user",
     "包头校验用的是 CRC32 IEEE 那个 你脚本里算成 CRC16 了 当然对不上",
     "[tool] python3 tools/ota_hdr.py --check build/qm-k3-1.4.3.bin → header crc16=0x3A5F "
     "mismatch (expected 0x9C41E2D7)",
     "cand_corr_crc32"),
    (16, "11:00", "user",
     "就这样吧 先这么烧进去看看",
     "[tool] make -C fw/cm2 -j8 → build OK",
     "neg_echo_just_so"),
    (16, "15:40", "user",
     "帮我把 cm2 的 UART DMA 环形缓冲那段重构一下 半满中断和空闲中断合到一个地方处理",
     "", ""),
    # ---- day 17, Wed 2026-03-18 ----
    (17, "10:00", "user",
     "note this down as a lesson: when the zigbee coordinator won't form a network in the office, "
     "check the channel mask before digging into the stack. office wifi sits on ch 6 and stomps "
     "zigbee 11-14, we run on ch 25",
     "", "explicit_lesson_zigbee_channel"),
    (17, "11:00", "user",
     "如果以后 K3 要做 Thread 边界路由 C3 是不是就不够了 得上 C6 或者 H2 吧",
     "", "neg_hypo_thread"),
    (17, "14:00", "user",
     "写个 GitLab CI 的 job 模板 把 idf.py size 的报告存成 artifact",
     "", ""),
    # ---- day 18, Thu 2026-03-19 ----
    (18, "09:40", "user",
     "cm2 窗帘电机这次也走 OTA 嗯 一样 先灰度 放百分之五出去 看一天 后台没有异常上报再全开",
     "", "rule_ota_canary_5pct"),
    (18, "10:30", "user",
     "sleep current in µA pls, 0.0000118 A makes me count zeros",
     "[tool] python3 tools/power_calc.py --profile sleep → avg_current=0.0000118 A",
     "cand_sleep_current_ua"),
    (18, "15:00", "user",
     "motor_ctrl.c 这个文件里缩进是两格的 你改的时候跟着它来 别用 clang-format 全刷一遍",
     "", "neg_oneoff_file_indent"),
    (18, "16:20", "user",
     "看下 Zephyr 那边 esp32c3 的板级支持里 BLE 现在能不能用了",
     "", ""),
    # ---- day 19, Fri 2026-03-20 ----
    (19, "09:15", "user",
     "嗯 这个 MR 目标分支又是 master 日常开发的都往 develop 合 master 只有发版那天才动",
     '[tool] glab mr create --source-branch feat/k3-matter-1.3 --target-branch master --title '
     '"Matter 1.3 attributes" → !230 created',
     "corr_mr_target_develop"),
    (19, "10:00", "user",
     "header checksum is CRC32 (the zlib/IEEE one), not ccitt16. the cloud side rejects anything "
     "else",
     "[tool] python3 tools/ota_hdr.py --pack build/cm2-2.1.0.bin → hdr.crc=0xB1E4 (crc16-ccitt)",
     "cand_corr_crc32"),
    (19, "11:30", "user",
     "it's friday, so the cm2 ota waits till monday. firmware pushes don't go out on fridays, "
     "nobody's around over the weekend if one goes bad",
     "", "cand_no_friday_ota"),
    (19, "14:00", "user",
     "上周那个 FW-517 的 hardfault 最后是谁修的来着 我记不清了",
     "", "neg_q_ticket_fw517"),
    (19, "16:00", "user",
     "周报帮我起个草稿 这周 K3 1.4.3 上线 cm2-boot 接 CI 还有 Matter 1.3 那个 MR",
     "", ""),
    # ---- day 20, Sat 2026-03-21 ----
    (20, "10:30", "user",
     "OTA 包上传现在走 fota.qimu-iot.cn 了 你脚本里的域名还是老的",
     "[tool] grep -n UPLOAD_HOST tools/ota_upload.sh → 4:UPLOAD_HOST=ota.qimu-iot.cn",
     "cand_fota_domain"),
    (20, "11:00", "user",
     "孟凡他就喜欢把接口文档全写成 OpenAPI yaml 哈哈 强迫症晚期 我倒无所谓",
     "", "neg_other_pref_openapi"),
    (20, "15:20", "user",
     "the never-ending saga of the 东莞 jig USB hub continues lol. at this point it has more "
     "downtime than uptime",
     "", "neg_joke_usb_hub"),
    # ---- day 21, Sun 2026-03-22 ----
    (21, "15:00", "user",
     "本来想让你把 cm2 里的 printf 全换成 SEGGER RTT 输出 算了 先不动了",
     "", "neg_retracted_rtt"),
    (21, "16:00", "user",
     "牛 就是这个 一下就定位到了",
     "[tool] arm-none-eabi-addr2line -e build/cm2.elf 0x0800a3f1 → Core/Src/motor_task.c:141",
     "neg_sat_niu"),
    (21, "17:00", "user",
     "下周一要跟林悦过 K3 二代的需求 帮我列一下要问她的问题",
     "", ""),
]

EXPECTED: dict[str, tuple[list[list[str]], str, str]] = {
    # -- preferences, said 3 times within 9 days: L2 pattern / USER.md --
    "pref_hex_registers": (
        [["十六进制", "hex", "0x"], ["寄存器", "register", "bit", "位域", "置位"]],
        "patterns", "user"),
    "pref_diff_only": (
        [["diff", "patch", "补丁", "差异"]],
        "patterns", "user"),
    "pref_table_compare": (
        [["表格", "table"], ["比", "compar", " vs", "versus", "选型"]],
        "patterns", "user"),
    "pref_voice_typos": (
        [["语音", "voice", "dictat", "speech"],
         ["错", "typo", "识别", "同音", "homophone", "理解", "意思", "意会", "guess", "猜",
          "garbage", "garbled", "mis"]],
        "patterns", "user"),
    # -- rules and facts, said 3 times within 9 days: L1 principle / MEMORY.md --
    "fact_ci_fw_arm_runner": (
        [["fw-arm", "fw arm", "fwarm", "fw_arm"]],
        "principles", "memory"),
    "fact_jig_host_ip": (
        [["192.168.10.45"]],
        "principles", "memory"),
    "fact_cm2_app_base": (
        [["0x08008000", "0x8008000", "08008000"]],
        "principles", "memory"),
    "rule_ota_canary_5pct": (
        [["灰度", "gray", "grey", "canary", "staged", "分批", "rollout", "roll out"],
         ["5%", "百分之五", "5 %", "five percent", "5 percent"]],
        "principles", "memory"),
    # -- corrections of the agent, said 3 times within 9 days: L1 / 错误修正记录 --
    "corr_idf_v52": (
        [["5.2", "五点二"], ["idf", "esp"]],
        "principles", "corrections"),
    "corr_k3_console_acm0": (
        [["ttyacm0", "acm0"]],
        "principles", "corrections"),
    "corr_mr_target_develop": (
        [["develop"], ["mr", "merge", "合", "分支", "branch", "target"]],
        "principles", "corrections"),
    "corr_linker_cm2_app_ld": (
        [["cm2_app"]],
        "principles", "corrections"),
    # -- the repeated failure (2 fails minutes apart, then the fix told twice) --
    "fail_jlink_speed": (
        [["jlink", "j-link"], ["speed", "速度", "4000", "1000", "khz", "连不上", "connect"]],
        "principles", "corrections"),
    # -- explicit instructions, said once --
    "explicit_burnin_48h": (
        [["老化", "burn-in", "burn in", "soak"], ["48", "四十八"]],
        "principles", "memory"),
    "explicit_matter_test_vid": (
        [["0xfff1", "fff1"]],
        "principles", "memory"),
    "explicit_fw_naming": (
        [["命名", "naming", "文件名", "file name", "filename"], ["哈希", "hash", "sha"]],
        "principles", "memory"),
    "explicit_lesson_ripple": (
        [["纹波", "ripple"], ["3v3", "3.3v", "电源", "power", "ldo", "示波器", "scope"]],
        "patterns", "memory"),
    "explicit_lesson_zigbee_channel": (
        [["zigbee"], ["25", "channel", "信道"]],
        "patterns", "memory"),
    # -- expired: first seen day 1-2, last by day 5, fewer than 3 times --
    "exp_no_emoji": (
        [["emoji", "表情", "纯文字", "plain text"]],
        "patterns", "expired"),
    "exp_cm2_b_led_pb3": (
        [["pb3"]],
        "principles", "expired"),
    "exp_fail_west_zephyr": (
        [["west"], ["zephyr"]],
        "absent", "expired"),
    "exp_corr_vtaskdelay": (
        [["vtaskdelay", "hal_delay"]],
        "principles", "expired"),
    "exp_old_jig_ip": (
        [["192.168.10.20"]],
        "principles", "expired"),
    # -- candidates: first seen day 12 or later, at most twice --
    "cand_sleep_current_ua": (
        [["微安", "µa", "μa", "microamp"]],
        "patterns", "candidate"),
    "cand_fota_domain": (
        [["fota"]],
        "principles", "candidate"),
    "cand_fail_iram_overflow": (
        [["iram"]],
        "absent", "candidate"),
    "cand_corr_crc32": (
        [["crc32", "crc-32", "crc 32"]],
        "principles", "candidate"),
    "cand_no_friday_ota": (
        [["周五", "friday"], ["ota", "推送", "发布", "release", "上线", "push"]],
        "principles", "candidate"),
    # -- hard negatives: nothing anywhere --
    "neg_q_rtc_memory": (
        [["rtc"], ["deep sleep", "深睡", "deep-sleep", "休眠"]],
        "absent", "absent"),
    "neg_joke_huaqiangbei": (
        [["华强北", "摆摊"]],
        "absent", "absent"),
    "neg_quote_layout_rule": (
        [["layout", "布板", "pcb", "布线"]],
        "absent", "absent"),
    "neg_echo_as_you_said": (
        [["按你说的", "as you said"]],
        "absent", "absent"),
    "neg_sat_nice": (
        [["nice"]],
        "absent", "absent"),
    "neg_hypo_mcuboot": (
        [["mcuboot"]],
        "absent", "absent"),
    "neg_other_team_rule": (
        [["两周", "two weeks", "2 weeks", "14 天"], ["接口", "api", "邮件", "email", "字段"]],
        "absent", "absent"),
    "neg_oneoff_backlight": (
        [["背光", "backlight"], ["20k", "20 k", "20khz", "啸叫"]],
        "absent", "absent"),
    "neg_code_always_inline": (
        [["always_inline", "always inline", "强制内联"]],
        "absent", "absent"),
    "neg_code_asym_deadtime": (
        [["死区", "dead time", "deadtime", "dead-time", "dtg"]],
        "absent", "absent"),
    "neg_sat_perfect": (
        [["完美", "perfect"]],
        "absent", "absent"),
    "neg_code_remember_fn": (
        [["mark_seen", "remember(", "seen.add"]],
        "absent", "absent"),
    "neg_q_isr_always": (
        [["xqueuesendfromisr", "pxhigherprioritytaskwoken"]],
        "absent", "absent"),
    "neg_echo_just_so": (
        [["就这样", "先这么"]],
        "absent", "absent"),
    "neg_hypo_thread": (
        [["thread"], ["c6", "h2", "边界路由", "border router"]],
        "absent", "absent"),
    "neg_oneoff_file_indent": (
        [["缩进", "indent", "clang-format"]],
        "absent", "absent"),
    "neg_q_ticket_fw517": (
        [["fw-517"]],
        "absent", "absent"),
    "neg_other_pref_openapi": (
        [["openapi", "swagger"]],
        "absent", "absent"),
    "neg_joke_usb_hub": (
        [["usb hub", "集线器"]],
        "absent", "absent"),
    "neg_retracted_rtt": (
        [["rtt"]],
        "absent", "absent"),
    "neg_sat_niu": (
        [["牛"]],
        "absent", "absent"),
}
