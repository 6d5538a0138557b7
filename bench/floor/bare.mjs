// The counter's floor: a bare Node HTTP server (no framework) that reads a JSON body and answers
// {"ok":true}. Fifty POSTs at once against it show what the machine and the measuring client cost
// before any application work (bench/http.ts, "counter").
import http from 'node:http';

http
  .createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      let ok = true;
      try {
        if (body) JSON.parse(body);
      } catch {
        ok = false;
      }
      res.writeHead(ok ? 200 : 400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ok }));
    });
  })
  .listen(Number(process.env.PORT), () => console.log('listening'));
