// The /healthz probe of the attack benches, in a process of its own (bench/attack-probe.ts forks it):
// run in the bench's process, the probe's timings took in that process's own stalls (sending a 17 MB
// body, reading answers), which were counted against the server. Asks GET <base>/healthz every 20 ms
// until told to stop, then sends back every latency in ms.
const base = process.argv[2];
const latencies = [];
let done = false;
process.on('message', (m) => {
  if (m === 'stop') done = true;
});
// (One request first: the probe's own start, a connection and the fetch client's first use, is not the server's.)
await fetch(`${base}/healthz`).then((r) => r.text());
process.send('ready');
while (!done) {
  const t0 = performance.now();
  await fetch(`${base}/healthz`).then((r) => r.text());
  latencies.push(performance.now() - t0);
  await new Promise((r) => setTimeout(r, 20));
}
process.send({ latencies }, () => process.exit(0));
