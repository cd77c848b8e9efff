// A minimal SMTP server on 127.0.0.1 for tests: accepts every mail (no TLS, no auth) and keeps what it received.
import net from 'node:net';

export interface SmtpSink {
  port: number;
  mails: { from: string; to: string[]; data: string }[];
  stop(): Promise<void>;
}

const REPLIES: Record<string, string> = {
  EHLO: '250 sink',
  HELO: '250 sink',
  MAIL: '250 OK',
  RCPT: '250 OK',
  DATA: '354 go ahead',
  QUIT: '221 bye',
  RSET: '250 OK',
  NOOP: '250 OK',
};

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SmtpSink['mails'] = [];
  const server = net.createServer((sock) => {
    let buf = '';
    let inData = false;
    let cur = { from: '', to: [] as string[], data: '' };
    const say = (line: string) => sock.write(`${line}\r\n`);
    say('220 sink ESMTP');
    sock.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      for (let i = buf.indexOf('\r\n'); i >= 0; i = buf.indexOf('\r\n')) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(cur);
            cur = { from: '', to: [], data: '' };
            say('250 OK queued');
          } else cur.data += `${line}\n`;
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'MAIL') cur.from = line.slice(10);
        if (cmd === 'RCPT') cur.to.push(line.slice(8));
        if (cmd === 'DATA') inData = true;
        say(REPLIES[cmd] ?? '502 not implemented');
        if (cmd === 'QUIT') sock.end();
      }
    });
    sock.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, mails, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
