// The floor page's script (bench/floor.html): start the worker when Go is clicked.
const go = document.getElementById("go");
go.addEventListener("click", () => {
  window.benchStart = performance.now();
  const worker = new Worker(new URL("./floor-worker.mjs", import.meta.url), { type: "module" });
  worker.onmessage = (event) => {
    document.getElementById("out").textContent = event.data;
    window.benchEnd = performance.now();
  };
});
go.disabled = false;
