// Fastify encapsulates every plugin; the plugins of this folder configure the context
// they are registered in (hooks, parsers, handlers), so they opt out of encapsulation
// with the hidden property Fastify documents for this (what fastify-plugin sets).
import type { FastifyPluginAsync } from 'fastify';

export function shared<Options extends Record<string, unknown>>(plugin: FastifyPluginAsync<Options>): FastifyPluginAsync<Options> {
  Object.defineProperty(plugin, Symbol.for('skip-override'), { value: true });
  return plugin;
}
