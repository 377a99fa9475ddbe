// The host screen speaks (the browser's speech synthesis: no network, so a home network's plain
// http serves as well): whose turn it is as the turn passes, a time bank running out, and at the
// end the ranking, in the page's language where the browser has a voice for it.
//
// A setting on the host screen (the header's .speech-setting), off by default and kept by this browser. A
// browser speaks only after a tap on the page: turning the setting on is that tap (it says
// what is current at once); after a reload the screen shows one button to tap to speak again.
// What is said comes drawn by the server in the page's language: #speech's data-say (the turn,
// or the ranking once finished), said when its data-key changes; a bank's data-say-out when
// static/js/clock.js tells that it ran out.
var SETTING = "companion-speak";        // localStorage: "on" once the host turned it on
var state = {key: null, allowed: false, on: false};

function settingOn() {
  try { return localStorage.getItem(SETTING) === "on"; } catch (error) { return state.on; }
}
function activated() {
  return state.allowed || !!(navigator.userActivation && navigator.userActivation.hasBeenActive);
}

function voiceFor(lang) {
  var voices = window.speechSynthesis.getVoices() || [];
  for (var i = 0; i < voices.length; i++) {
    if ((voices[i].lang || "").toLowerCase().split(/[-_]/)[0] === lang) { return voices[i]; }
  }
  return null;
}

function say(words) {
  if (!words || !window.speechSynthesis || !settingOn() || !activated()) { return; }
  var lang = (document.documentElement.lang || "en").toLowerCase().split("-")[0];
  var utterance = new SpeechSynthesisUtterance(words);
  utterance.lang = lang;
  var voice = voiceFor(lang);
  if (voice) { utterance.voice = voice; }
  window.speechSynthesis.speak(utterance);
}

function show() {
  var part = document.getElementById("speech");
  if (!part) { return null; }
  var setting = document.querySelector(".speech-setting");
  var wake = document.querySelector(".speech-wake");
  var on = settingOn();
  if (setting && window.speechSynthesis) {
    setting.hidden = false;
    setting.setAttribute("aria-pressed", on ? "true" : "false");
    setting.textContent = setting.getAttribute(on ? "data-on" : "data-off");
  }
  if (wake) { wake.hidden = !(on && window.speechSynthesis && !activated()); }
  return part;
}

function settle() {
  var part = show();
  if (!part) { return; }
  var key = part.getAttribute("data-key");
  if (state.key !== null && key !== state.key) { say(part.getAttribute("data-say")); }
  state.key = key;
}

document.addEventListener("click", function (event) {
  var target = event.target && event.target.closest && event.target.closest(".speech-setting, .speech-wake");
  if (!target) { return; }
  state.allowed = true;
  if (target.classList.contains("speech-setting")) {
    state.on = !settingOn();
    try { localStorage.setItem(SETTING, state.on ? "on" : "off"); } catch (error) { /* kept here */ }
    if (!state.on && window.speechSynthesis) { window.speechSynthesis.cancel(); }
  }
  var part = show();
  if (part && settingOn()) { say(part.getAttribute("data-say")); }
});
document.addEventListener("tc-bank-out", function (event) {
  if (document.getElementById("speech")) { say(event.detail.element.getAttribute("data-say-out")); }
});
document.addEventListener("htmx:afterSettle", settle);
settle();
