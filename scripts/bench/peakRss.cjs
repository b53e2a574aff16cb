// Preloaded into a CLI run by the CLI benchmark (node -r): prints the process's peak resident
// set size when it exits, so the figure is the product's own process, measured by the kernel.
process.on('exit', () => {
  process.stderr.write(`\nVERITY_BENCH_PEAK_RSS_KB=${process.resourceUsage().maxRSS}\n`);
});
