// Preloaded into a benchmarked process (bench/against.ts): at exit, its CPU time and peak memory go to
// the file named by ASTINUS_CPU_REPORT.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const u = process.resourceUsage();
  writeFileSync(process.env.ASTINUS_CPU_REPORT, JSON.stringify({ userUs: u.userCPUTime, systemUs: u.systemCPUTime, maxRssKiB: u.maxRSS }));
});
