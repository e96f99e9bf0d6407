import { runLoad } from '/work/main/apps/server/dist/bench/load.js';
const r = await runLoad({ port: 3999, path: () => '/api/posts?1&n=0&l=12&tag=&cm=1', headers: { 'api-token': '653EL3idZqQ-wjc9Y4ljwbXtyTSgAcs1LG9R47ckzrg' }, connections: 50, seconds: 6, warmupSeconds: 1 });
console.log(r.rps, r.p50, r.p99, r.errors);
