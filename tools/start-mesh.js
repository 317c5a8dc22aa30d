#!/usr/bin/env node
// Starts the gateway and every service as child processes (or the one-process platform), in the foreground, with the
// same environment. Ctrl-C / SIGTERM stops them all; if one exits, the others are stopped too.
const { spawn } = require('node:child_process');
const path = require('node:path');

const root = path.join(__dirname, '..');
// Every service the contracts name, then the gateway (which waits for them to answer). With
// neither DATABASE_URL nor NATS_URL set, the whole platform runs in one process on an embedded
// database instead (docs/deployment.md).
const { SERVICES } = require(path.join(root, 'dist', 'libs', 'shared', 'contracts', 'src', 'subjects.js'));
const embedded = !process.env.DATABASE_URL && !process.env.NATS_URL && !process.env.MESH_APPS;
const apps = embedded ? ['platform'] : (process.env.MESH_APPS || [...SERVICES, 'gateway'].join(',')).split(',');
const children = new Map();
let stopping = false;

for (const app of apps) {
  const child = spawn(process.execPath, ['-r', path.join(__dirname, 'register-paths.js'), path.join(root, 'dist', 'apps', app, 'src', 'main.js')], {
    stdio: 'inherit',
    env: process.env,
  });
  children.set(app, child);
  child.on('exit', (code, signal) => {
    children.delete(app);
    if (!stopping) {
      process.stderr.write(`${app} exited (${signal ?? code}); stopping the mesh\n`);
      stop(code || 1);
    } else if (children.size === 0) {
      process.exit(process.exitCode ?? 0);
    }
  });
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const child of children.values()) child.kill('SIGTERM');
  // A service that does not stop within 10 s is killed.
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
    process.exit(code || 1);
  }, 10000).unref();
  if (children.size === 0) process.exit(code);
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
