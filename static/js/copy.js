// Share pages: a Copy button beside each long link (input.copy). The clipboard API needs HTTPS;
// on a home network without it, the link is selected and copied the older way.
(() => {
"use strict";
var say = window.scorekeeperSay;
document.querySelectorAll("input.copy").forEach(box => {
 var button = Object.assign(document.createElement("button"), { type: "button", className: "secondary copy-button",
  textContent: say("Copy") });
 var done = Object.assign(document.createElement("span"), { className: "hint" });
 done.setAttribute("role", "status");
 box.addEventListener("focus", () => { box.select(); });
 button.addEventListener("click", () => {
  box.focus();
  box.select();
  var said = () => { done.textContent = say("Copied."); };
  if (navigator.clipboard && window.isSecureContext) {
   navigator.clipboard.writeText(box.value).then(said, () => { if (document.execCommand("copy")) { said(); } });
  } else if (document.execCommand("copy")) {
   said();
  } else {
   done.textContent = say("Selected: copy it with your phone's menu.");
  }
 });
 box.after(button, done);
});
})();
