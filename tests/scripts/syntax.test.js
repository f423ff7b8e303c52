// Every script the pages load parses (a syntax error would silently turn a page's helpers off):
// the modules of static/js/ as ES modules, the service worker as the classic script it is.
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "static");
const modules = fs.readdirSync(path.join(root, "js")).filter(name => name.endsWith(".js"));

for (const name of modules) {
  test(`js/${name} parses as a module`, () => {
    // (package.json says "type": "module": node --check reads it as one)
    const checked = spawnSync(process.execPath, ["--check", path.join(root, "js", name)], { encoding: "utf8" });
    assert.equal(checked.status, 0, checked.stderr);
  });
}

test("sw.js parses as a classic script", () => {
  const file = path.join(root, "sw.js");
  assert.doesNotThrow(() => new vm.Script(fs.readFileSync(file, "utf8"), { filename: file }));
});
