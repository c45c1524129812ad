// The board as a Discord Activity: sign in through the Discord client with the Embedded App
// SDK's postMessage protocol (HANDSHAKE, the READY event, AUTHORIZE for a one-time code), then
// let the server exchange the code (/activity/open) and open the board. Messages are taken
// only from the frame's parent on one of Discord's origins.
"use strict";
(function () {
  var HANDSHAKE = 0, FRAME = 1;
  var DISCORD = ["https://discord.com", "https://discordapp.com", "https://ptb.discord.com",
                 "https://ptb.discordapp.com", "https://canary.discord.com",
                 "https://canary.discordapp.com"];
  var root = document.getElementById("activity");
  var status = document.getElementById("activity-status");
  var query = new URLSearchParams(window.location.search);
  var clientId = root.getAttribute("data-client-id");
  var parent = window.parent.opener || window.parent;
  var origin = "*";
  try { origin = document.referrer ? new URL(document.referrer).origin : "*"; } catch (e) {}
  var nonce = "authorize-" + Date.now() + "-" + Math.random().toString(36).slice(2);
  var asked = false;

  function send(opcode, body) { parent.postMessage([opcode, body], origin); }

  window.addEventListener("message", function (event) {
    if (event.source !== parent || DISCORD.indexOf(event.origin) < 0) return;
    var message = event.data;
    if (!Array.isArray(message) || message[0] !== FRAME || !message[1]) return;
    var frame = message[1];
    if (frame.cmd === "DISPATCH" && frame.evt === "READY" && !asked) {
      asked = true;
      send(FRAME, {cmd: "AUTHORIZE", nonce: nonce,
                   args: {client_id: clientId, response_type: "code", state: "",
                          prompt: "none", scope: ["identify"]}});
    } else if (frame.nonce === nonce) {
      var code = frame.evt !== "ERROR" && frame.data && frame.data.code;
      if (!code) { status.textContent = root.getAttribute("data-declined"); return; }
      var next = new URLSearchParams({code: String(code),
                                      channel_id: query.get("channel_id") || ""});
      window.location.assign("/activity/open?" + next.toString());
    }
  });
  send(HANDSHAKE, {v: 1, encoding: "json", client_id: clientId,
                   frame_id: query.get("frame_id")});
})();
