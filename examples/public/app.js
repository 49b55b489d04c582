// Runs as a module: proves the JS was served with a JavaScript type and executed.
const status = document.querySelector("#status");
status.textContent = `Module loaded at ${new Date().toLocaleTimeString()}`;
status.classList.add("ready");
document.documentElement.dataset.module = "ready";
