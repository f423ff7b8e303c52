// Every script the pages load parses (a syntax error would silently turn a page's helpers off).
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");

const root = path.join(__dirname, "..", "..", "static");
const scripts = fs.readdirSync(path.join(root, "js")).map(name => path.join(root, "js", name)).concat([path.join(root, "sw.js")]);

for (const file of scripts.filter(name => name.endsWith(".js"))) {
  test(`${path.relative(root, file)} parses`, () => {
    assert.doesNotThrow(() => new vm.Script(fs.readFileSync(file, "utf8"), { filename: file }));
  });
}
