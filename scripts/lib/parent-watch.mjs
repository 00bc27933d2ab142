// Loaded (`--import`) into every Node child of `npm start` and `npm run demo`, which spawn them
// with an IPC channel: when the script is gone, even killed with SIGKILL (which it cannot catch and
// pass on), the channel closes and the child stops as it does on SIGTERM, so nothing lingers.
// Cluster workers inherit the flag but are the server's own children: their primary stops them.
if (process.send && !process.env.NODE_UNIQUE_ID) {
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  // Watching the channel must not keep a finished child (the user CLI) alive.
  process.channel?.unref();
}
