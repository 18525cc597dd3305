// Fire OpenClaw's lifecycle events at the installed memstrata plugin through OpenClaw's own
// code, with no model: the config loader, the plugin loader the Gateway uses (which activates
// the global typed-hook runner), the internal-hook loader (which loads enabled bundled hooks
// such as session-memory), the bootstrap resolver an agent run calls (which fires
// agent:bootstrap and applies OpenClaw's filters and budgets) and the memory prompt builder.
//
// Usage: node openclaw_driver.mjs <openclaw package dir> <scenario.json>; the last line printed
// is `MEMSTRATA_REPORT <json>` (OpenClaw's own log lines come before it).
// OPENCLAW_STATE_DIR / HOME select the scratch OpenClaw home, exactly as for the CLI.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pkgDir, scenarioPath] = process.argv.slice(2);
const scenario = JSON.parse(fs.readFileSync(scenarioPath, "utf8"));
const dist = path.join(pkgDir, "dist");
const load = (rel) => import(pathToFileURL(path.join(dist, rel)).href);

// OpenClaw's bundler renames exports (`export { loadOpenClawPlugins as r }`): find the chunk
// that defines a function and the name it is exported under. The version is pinned by the test.
async function internal(name) {
  const definition = new RegExp(`(?:async )?function ${name}\\(`);
  for (const file of fs.readdirSync(dist)) {
    if (!file.endsWith(".mjs")) continue;
    const text = fs.readFileSync(path.join(dist, file), "utf8");
    if (!definition.test(text)) continue;
    const clause = text.match(/export \{([^}]*)\};?\s*$/);
    if (!clause) continue;
    for (const item of clause[1].split(",")) {
      const [local, exported] = item.trim().split(/\s+as\s+/);
      if (local === name) return (await load(file))[exported ?? local];
    }
  }
  throw new Error(`OpenClaw ${name} not found in ${dist}`);
}

const report = { steps: {} };
const step = async (label, fn) => {
  try {
    report.steps[label] = { ok: true, value: (await fn()) ?? null };
  } catch (error) {
    report.steps[label] = { ok: false, error: String(error?.stack ?? error) };
  }
};

const { loadConfig } = await load("plugin-sdk/config-runtime.js");
const { createInternalHookEvent, triggerInternalHook } = await load("plugin-sdk/hook-runtime.js");
const { getGlobalHookRunner } = await load("plugin-sdk/plugin-runtime.js");
const loadOpenClawPlugins = await internal("loadOpenClawPlugins");
const prepareInternalHooks = await internal("prepareInternalHooks");
const resolveBootstrapContextForRun = await internal("resolveBootstrapContextForRun");
const buildMemoryPromptSection = await internal("buildMemoryPromptSection");

const cfg = loadConfig();
// A slower budget for memstrata's calls than the plugin's 8 s default, in memory only (the file
// stays as installed): on a loaded 2-core CI machine a cold prompt hook once took longer, and the
// step read as "no context" (CI run of 690af38).
if (scenario.timeoutMs) cfg.plugins.entries.memstrata.config.timeoutMs = scenario.timeoutMs;
const agentId = scenario.agentId;
const workspaceDir = cfg.agents?.entries?.[agentId]?.workspace ?? cfg.agents?.defaults?.workspace;
const sessionKey = `agent:${agentId}:main`;
const sessionId = scenario.sessionId;
const agentCtx = { agentId, sessionKey, sessionId, workspaceDir, trigger: "user" };

await step("load", async () => {
  const registry = loadOpenClawPlugins({ config: cfg, workspaceDir, onlyPluginIds: ["memstrata"] });
  const hooks = await prepareInternalHooks(cfg, workspaceDir);
  hooks.commit({ initial: true });
  const runner = getGlobalHookRunner();
  const record = registry.plugins.find((p) => p.id === "memstrata");
  return {
    status: record?.status,
    error: record?.error ?? null,
    diagnostics: registry.diagnostics.filter((d) => d.pluginId === "memstrata").map((d) => d.message),
    internalHooksLoaded: hooks.loadedCount,
    typedHooks: [
      "session_start",
      "before_prompt_build",
      "message_received",
      "after_tool_call",
      "before_compaction",
      "session_end",
    ].filter((name) => runner?.hasHooks(name)),
  };
});

const runner = getGlobalHookRunner();

await step("session_start", () => runner.runSessionStart({ sessionId, sessionKey }, { agentId, sessionId, sessionKey }));

await step("bootstrap", async () => {
  const { bootstrapFiles, contextFiles } = await resolveBootstrapContextForRun({
    workspaceDir,
    config: cfg,
    sessionKey,
    sessionId,
    agentId,
  });
  return {
    files: bootstrapFiles.map((f) => f.name),
    context: contextFiles.map((f) => ({ path: f.path, content: f.content })),
  };
});

// A group chat of the same agent: OpenClaw drops MEMORY.md, memstrata answers as "shared".
await step("bootstrap_group", async () => {
  const groupKey = `agent:${agentId}:discord:group:4242`;
  const { bootstrapFiles, contextFiles } = await resolveBootstrapContextForRun({
    workspaceDir,
    config: cfg,
    sessionKey: groupKey,
    sessionId: `${sessionId}-group`,
    agentId,
  });
  return {
    files: bootstrapFiles.map((f) => f.name),
    context: contextFiles.filter((f) => f.path.includes(".memstrata")).map((f) => f.path),
  };
});

await step("before_prompt_build", () =>
  runner.runBeforePromptBuild(
    { prompt: scenario.prompt, currentUserMessage: scenario.prompt, messages: [] },
    agentCtx,
  ),
);

await step("message_received", () =>
  runner.runMessageReceived(
    { from: "owner", content: scenario.message, sessionKey },
    { channelId: "webchat", sessionKey },
  ),
);

await step("after_tool_call", () =>
  runner.runAfterToolCall(
    { toolName: "exec", params: { command: scenario.failedCommand }, error: scenario.toolError, durationMs: 12 },
    { agentId, sessionKey, sessionId, toolName: "exec" },
  ),
);

await step("before_compaction", () =>
  runner.runBeforeCompaction(
    {
      messageCount: scenario.transcript.length,
      compactingCount: scenario.transcript.length,
      messages: scenario.transcript.map(([role, text]) => ({ role, content: [{ type: "text", text }] })),
    },
    agentCtx,
  ),
);

await step("memory_prompt", () =>
  buildMemoryPromptSection({
    availableTools: new Set(["memory_search", "memory_get", "memstrata__memory_search"]),
    agentId,
    agentSessionKey: sessionKey,
  }),
);

// /new: OpenClaw's command:new event, as the chat command path emits it. The bundled
// session-memory hook (enabled in the scratch config) writes the ended session's excerpt.
await step("command_new", async () => {
  const event = createInternalHookEvent("command", "new", sessionKey, {
    cfg,
    agentId,
    workspaceDir,
    commandSource: "memstrata-integration-test",
    previousSessionEntry: { sessionId },
    previousSessionMemory: { status: "available", content: scenario.sessionExcerpt, originClass: "owner" },
  });
  await triggerInternalHook(event);
  const handlerUrl = pathToFileURL(path.join(dist, "bundled/session-memory/handler.js")).href;
  await (await import(handlerUrl)).flushSessionMemoryWritesForTest();
  return { messages: event.messages };
});

await step("session_end", () =>
  runner.runSessionEnd(
    { sessionId, sessionKey, messageCount: scenario.transcript.length, reason: "new" },
    { agentId, sessionId, sessionKey },
  ),
);

// The same plugin with a memstrata command that does not exist (a deleted virtualenv): every
// hook must still return normally, adding nothing, so the agent turn goes on.
await step("broken_command", async () => {
  const broken = structuredClone(cfg);
  broken.plugins.entries.memstrata.config.command = path.join(workspaceDir, "no such memstrata");
  loadOpenClawPlugins({ config: broken, workspaceDir, onlyPluginIds: ["memstrata"], cache: false });
  const brokenRunner = getGlobalHookRunner();
  const started = Date.now();
  const prompt = await brokenRunner.runBeforePromptBuild(
    { prompt: scenario.prompt, currentUserMessage: scenario.prompt, messages: [] },
    { ...agentCtx, sessionKey: `${sessionKey}:broken` },
  );
  await brokenRunner.runAfterToolCall(
    { toolName: "exec", params: {}, error: scenario.toolError },
    { agentId, sessionKey, toolName: "exec" },
  );
  const { bootstrapFiles } = await resolveBootstrapContextForRun({
    workspaceDir,
    config: broken,
    sessionKey: `${sessionKey}:broken`,
    sessionId: `${sessionId}-broken`,
    agentId,
  });
  return { prompt: prompt ?? null, files: bootstrapFiles.map((f) => f.name), ms: Date.now() - started };
});

process.stdout.write(`\nMEMSTRATA_REPORT ${JSON.stringify(report)}\n`);
process.exit(0);
