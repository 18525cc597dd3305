// memstrata for OpenClaw: a native plugin in plain JavaScript (no build step, no dependencies).
//
// It wires memstrata's layered Markdown memory into the events OpenClaw really emits:
//   agent:bootstrap (internal hook)  memstrata's context joins the session's bootstrap files
//   before_prompt_build              a memory reminder plus the pitfalls that bear on the prompt
//   message_received                 learning signals from received messages are queued
//   after_tool_call (with an error)  the failure is queued as a tool error
//   before_compaction                durable facts are flushed to today's log first
//   session_start / session_end      the bootstrap cache is reset; citations flush, heartbeat
// and adds a memory prompt section naming memstrata's tools (its MCP server, memstrata__*).
// OpenClaw's own memory-core keeps the memory slot, memory_search and `openclaw memory`.
//
// Every call goes to `memstrata -w WS openclaw-hook EVENT`, spawned with an argument array
// (never a shell string); the payload travels on stdin, the answer comes back as JSON on stdout.
// A call that fails, times out or is missing is logged and the agent turn goes on.

import { spawn } from "node:child_process";

const PLUGIN_ID = "memstrata";
const KINDS = new Set(["main", "shared", "subagent"]);
const MAX_OUTPUT = 1 << 20;
const CACHE_MS = 30 * 60 * 1000;
const RECEIVED_WINDOW_MS = 2 * 60 * 1000;
const MAX_MESSAGES = 400;

function settings(api) {
  const raw = api.pluginConfig && typeof api.pluginConfig === "object" ? api.pluginConfig : {};
  const flag = (name) => raw[name] !== false;
  return {
    workspace: typeof raw.workspace === "string" ? raw.workspace.trim() : "",
    command: typeof raw.command === "string" && raw.command.trim() ? raw.command.trim() : "memstrata",
    session: KINDS.has(raw.session) ? raw.session : "main",
    agents: raw.agents && typeof raw.agents === "object" ? raw.agents : {},
    budget: Number.isInteger(raw.budget) ? raw.budget : 2000,
    timeoutMs: Number.isInteger(raw.timeoutMs) ? raw.timeoutMs : 8000,
    toolPrefix: typeof raw.toolPrefix === "string" ? raw.toolPrefix : "memstrata__",
    bootstrap: flag("bootstrap"),
    warnings: flag("warnings"),
    captureMessages: flag("captureMessages"),
    captureToolErrors: flag("captureToolErrors"),
    flushBeforeCompaction: flag("flushBeforeCompaction"),
  };
}

// "agent:<id>:<rest>": the agent id and the part that says what kind of chat this is.
function parseSessionKey(sessionKey) {
  const key = typeof sessionKey === "string" ? sessionKey.trim().toLowerCase() : "";
  const parts = key.split(":");
  if (parts[0] === "agent" && parts.length >= 3) {
    return { agentId: parts[1], rest: parts.slice(2) };
  }
  return { agentId: undefined, rest: key ? parts : [] };
}

// The memstrata session kind of an OpenClaw session: group, channel and cron sessions are
// shared, subagent sessions are subagent, a configured agent gets its own kind, else `session`.
export function sessionKind(cfg, agentId, sessionKey) {
  const { rest } = parseSessionKey(sessionKey);
  if (rest[0] === "subagent" || rest.includes("subagent")) return "subagent";
  if (rest[0] === "cron") return "shared";
  if (rest.slice(0, 3).some((part) => part === "group" || part === "channel")) return "shared";
  if (rest.some((part) => part.endsWith("@g.us"))) return "shared";
  const own = agentId ? cfg.agents[agentId]?.session : undefined;
  return KINDS.has(own) ? own : cfg.session;
}

// Each agent's OpenClaw workspace as last seen (message and session hooks do not carry it).
const seenWorkspaces = new Map();

function target(cfg, ctx = {}) {
  const agentId = ctx.agentId ?? parseSessionKey(ctx.sessionKey).agentId;
  const own = agentId ? cfg.agents[agentId] : undefined;
  if (agentId && typeof ctx.workspaceDir === "string" && ctx.workspaceDir) {
    seenWorkspaces.set(agentId, ctx.workspaceDir);
  }
  const workspace =
    (typeof own?.workspace === "string" && own.workspace.trim()) ||
    cfg.workspace ||
    (typeof ctx.workspaceDir === "string" ? ctx.workspaceDir : "") ||
    (agentId ? (seenWorkspaces.get(agentId) ?? "") : "");
  return {
    agentId,
    workspace,
    session: sessionKind(cfg, agentId, ctx.sessionKey),
    sessionKey: typeof ctx.sessionKey === "string" ? ctx.sessionKey : "",
  };
}

// The same failure on every turn is logged once a minute, not once a turn.
const recentWarnings = new Map();
function warnOnce(logger, message) {
  const now = Date.now();
  if (now - (recentWarnings.get(message) ?? 0) < 60_000) return;
  if (recentWarnings.size > 200) recentWarnings.clear();
  recentWarnings.set(message, now);
  logger?.warn?.(message);
}

// One memstrata call: resolves to the parsed answer, or null on any failure (already logged).
export function callMemstrata(cfg, logger, event, where, payload) {
  const args = [];
  if (where.workspace) args.push("-w", where.workspace);
  args.push("openclaw-hook", event);
  const body = JSON.stringify({ ...payload, session: where.session, agent: where.agentId ?? "" });
  return new Promise((resolve) => {
    let settled = false;
    let stdout = "";
    let stderr = "";
    const finish = (value, problem) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (problem) warnOnce(logger, `memstrata ${event}: ${problem}`);
      resolve(value);
    };
    let child;
    try {
      child = spawn(cfg.command, args, {
        stdio: ["pipe", "pipe", "pipe"],
        shell: false,
        windowsHide: true,
        env: process.env,
      });
    } catch (error) {
      finish(null, `could not start ${cfg.command}: ${error?.code ?? error}`);
      return;
    }
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      finish(null, `no answer within ${cfg.timeoutMs} ms; skipped`);
    }, cfg.timeoutMs);
    child.on("error", (error) => finish(null, `could not run ${cfg.command}: ${error?.code ?? error}`));
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      if (stdout.length < MAX_OUTPUT) stdout += chunk;
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk) => {
      if (stderr.length < 2000) stderr += chunk;
    });
    child.on("close", (code) => {
      if (code !== 0) return finish(null, `exited ${code}: ${stderr.trim().slice(0, 300)}`);
      try {
        const answer = JSON.parse(stdout);
        if (answer && typeof answer === "object" && answer.error) {
          return finish(answer, `${String(answer.error).slice(0, 300)} (see .memstrata/hooks.log)`);
        }
        finish(answer && typeof answer === "object" ? answer : null);
      } catch {
        finish(null, `answer is not JSON: ${stdout.trim().slice(0, 120)}`);
      }
    });
    child.stdin.on("error", () => {}); // the child may exit before reading; the close event reports it
    child.stdin.end(body);
  });
}

function textOf(content) {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => (typeof part === "string" ? part : part?.type === "text" ? (part.text ?? "") : ""))
    .filter(Boolean)
    .join("\n");
}

// OpenClaw agent messages -> {role, content} with the text only (tool results as role "tool").
export function plainMessages(messages) {
  const out = [];
  for (const message of Array.isArray(messages) ? messages.slice(-MAX_MESSAGES) : []) {
    if (!message || typeof message !== "object") continue;
    const role = message.role === "toolResult" || message.role === "tool" ? "tool" : message.role;
    if (!["user", "assistant", "tool", "system"].includes(role)) continue;
    const content = textOf(message.content);
    if (content) out.push({ role, content });
  }
  return out;
}

function guidance(cfg, availableTools) {
  const p = cfg.toolPrefix;
  const has = (name) => !availableTools || availableTools.has(`${p}${name}`);
  if (!has("memory_search")) {
    return [
      "## memstrata (layered memory)",
      "memstrata keeps this agent's layered memory in the workspace Markdown (MEMORY.md, USER.md, memory/).",
      "Its MCP tools are not available in this run: use memory_search / memory_get, cite 📍 path:Lnn.",
    ];
  }
  return [
    "## memstrata (layered memory)",
    `- Recall: ${p}memory_search (layered, Chinese-aware, every hit cited 📍 path:Lx-Ly), then ${p}memory_get for the exact lines. memory_search covers the same Markdown files.`,
    `- Before a task: ${p}memory_warnings with the task; mention what it returns first.`,
    `- Capture: when the user corrects you, states a preference, teaches a fact or says 记住/remember, call ${p}memory_signal with their words; log finished work with ${p}memory_write (kind log), pitfalls with kind lesson.`,
    `- Never edit MEMORY.md or USER.md by hand: ${p}memory_remember writes through memstrata's checks. Cite what you rely on and call ${p}memory_cite.`,
    `- When ${p}memory_evolve offers a card, show it and pass the user's answer to ${p}memory_approve.`,
  ];
}

function safely(logger, label, fn) {
  return async (...args) => {
    try {
      return await fn(...args);
    } catch (error) {
      logger?.warn?.(`memstrata ${label}: ${error?.message ?? error}`);
      return undefined;
    }
  };
}

const plugin = {
  id: PLUGIN_ID,
  name: "memstrata",
  description:
    "Layered long-term memory kept as Markdown: bootstrap context, per-prompt warnings, learning signals, flush before compaction.",
  register(api) {
    const cfg = settings(api);
    const logger = api.logger;
    const bootstrapCache = new Map(); // `${sessionKey}|${kind}` -> {at, answer}
    const lastReceived = new Map(); // sessionKey -> time a message_received was captured
    const forget = (sessionKey) => {
      for (const key of bootstrapCache.keys()) if (key.startsWith(`${sessionKey}|`)) bootstrapCache.delete(key);
    };

    if (typeof api.registerMemoryPromptSupplement === "function") {
      api.registerMemoryPromptSupplement((params) => guidance(cfg, params?.availableTools));
    }

    if (cfg.bootstrap) {
      api.registerHook(
        "agent:bootstrap",
        safely(logger, "bootstrap", async (event) => {
          const context = event?.context;
          if (!context || !Array.isArray(context.bootstrapFiles)) return;
          const where = target(cfg, {
            agentId: context.agentId,
            sessionKey: context.sessionKey ?? event.sessionKey,
            workspaceDir: context.workspaceDir,
          });
          // OpenClaw keeps only AGENTS.md for subagents and a fixed few files for cron runs.
          const { rest } = parseSessionKey(where.sessionKey);
          if (where.session === "subagent" || rest[0] === "cron") return;
          const key = `${where.sessionKey}|${where.session}`;
          let cached = bootstrapCache.get(key);
          if (!cached || Date.now() - cached.at > CACHE_MS) {
            const answer = await callMemstrata(cfg, logger, "bootstrap", where, {
              budget: cfg.budget,
              host_workspace: context.workspaceDir ?? "",
            });
            if (!answer?.text || !answer.path) return;
            cached = { at: Date.now(), answer };
            bootstrapCache.set(key, cached);
          }
          context.bootstrapFiles.push({
            name: "MEMSTRATA.md",
            path: cached.answer.path,
            content: cached.answer.text,
            missing: false,
          });
        }),
        {
          name: "memstrata-bootstrap",
          description: "memstrata: the session's layered memory context joins the bootstrap files",
        },
      );
    }

    api.on(
      "session_start",
      safely(logger, "session_start", async (event, ctx) => forget(event?.sessionKey ?? ctx?.sessionKey ?? "")),
    );

    if (cfg.warnings) {
      api.on(
        "before_prompt_build",
        safely(logger, "before_prompt_build", async (event, ctx) => {
          if (ctx?.trigger && ctx.trigger !== "user") return;
          const prompt =
            typeof event?.currentUserMessage === "string" && event.currentUserMessage
              ? event.currentUserMessage
              : typeof event?.prompt === "string"
                ? event.prompt
                : "";
          if (!prompt.trim()) return;
          const where = target(cfg, ctx);
          // Turns that came through a channel were captured by message_received already.
          const seen = lastReceived.get(where.sessionKey);
          const capture = cfg.captureMessages && !(seen && Date.now() - seen < RECEIVED_WINDOW_MS);
          const answer = await callMemstrata(cfg, logger, "prompt", where, {
            prompt,
            capture,
            tool_prefix: cfg.toolPrefix,
          });
          ctx?.hookInvocation?.assertActive?.();
          return answer?.prependContext ? { prependContext: answer.prependContext } : undefined;
        }),
      );
    }

    if (cfg.captureMessages) {
      api.on(
        "message_received",
        safely(logger, "message_received", async (event, ctx) => {
          const text = typeof event?.content === "string" ? event.content : "";
          if (!text.trim() || text.trim().startsWith("/")) return;
          const where = target(cfg, { sessionKey: event?.sessionKey ?? ctx?.sessionKey });
          if (where.sessionKey) lastReceived.set(where.sessionKey, Date.now());
          await callMemstrata(cfg, logger, "message", where, { text });
        }),
      );
    }

    if (cfg.captureToolErrors) {
      api.on(
        "after_tool_call",
        safely(logger, "after_tool_call", async (event, ctx) => {
          if (!event?.error) return;
          await callMemstrata(cfg, logger, "tool-error", target(cfg, ctx), {
            tool: event.toolName ?? ctx?.toolName ?? "tool",
            params: event.params ?? {},
            error: String(event.error),
          });
        }),
      );
    }

    if (cfg.flushBeforeCompaction) {
      api.on(
        "before_compaction",
        safely(logger, "before_compaction", async (event, ctx) => {
          const messages = plainMessages(event?.messages);
          if (messages.length === 0) return;
          await callMemstrata(cfg, logger, "compact", target(cfg, ctx), {
            messages,
            compacting: Number.isInteger(event?.compactingCount) ? event.compactingCount : null,
          });
        }),
      );
      api.on(
        "after_compaction",
        safely(logger, "after_compaction", async (_event, ctx) => forget(ctx?.sessionKey ?? "")),
      );
    }

    api.on(
      "session_end",
      safely(logger, "session_end", async (event, ctx) => {
        const sessionKey = event?.sessionKey ?? ctx?.sessionKey ?? "";
        forget(sessionKey);
        lastReceived.delete(sessionKey);
        await callMemstrata(cfg, logger, "session-end", target(cfg, { ...ctx, sessionKey }), {
          session_id: event?.sessionId ?? ctx?.sessionId ?? "default",
        });
      }),
    );
  },
};

export default plugin;
