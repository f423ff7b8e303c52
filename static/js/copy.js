// Share pages: a Copy button beside each long link (input.copy). The clipboard API needs HTTPS;
// on a home network without it, the link is selected and copied the older way.
import { say } from "./say.js";

function addCopyButton(box) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "secondary copy-button";
  button.textContent = say("Copy");
  const done = document.createElement("span");
  done.className = "hint";
  done.setAttribute("role", "status");
  const copied = () => {
    done.textContent = say("Copied.");
  };
  box.addEventListener("focus", () => {
    box.select();
  });
  button.addEventListener("click", () => {
    box.focus();
    box.select();
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(box.value).then(copied, () => {
        if (document.execCommand("copy")) {
          copied();
        }
      });
    } else if (document.execCommand("copy")) {
      copied();
    } else {
      done.textContent = say("Selected: copy it with your phone's menu.");
    }
  });
  box.after(button, done);
}

document.querySelectorAll("input.copy").forEach(addCopyButton);
