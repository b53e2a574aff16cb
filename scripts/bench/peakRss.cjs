// Preloaded into a CLI run by the CLI benchmark (node -r): prints the process's peak resident
// set size and its CPU time (all threads) when it exits, so the figures are the product's own
// process, measured by the kernel (on a shared machine wall time also counts waiting for a core).
process.on('exit', () => {
  const cpu = process.cpuUsage();
  process.stderr.write(`\nVERITY_BENCH_PEAK_RSS_KB=${process.resourceUsage().maxRSS} VERITY_BENCH_CPU_MS=${Math.round((cpu.user + cpu.system) / 1000)}\n`);
});
