// The gRPC services the shim speaks, loaded at run time from .proto files:
// go-plugin's stdio and controller, grpc health, and the Task Surface contract.
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import grpc from '@grpc/grpc-js'
import protoLoader from '@grpc/proto-loader'

const here = dirname(fileURLToPath(import.meta.url))

/** The folder with the vendored go-plugin and health protos. */
export const VENDORED_PROTO_DIR = join(here, '..', '..', 'proto')

/**
 * Where tasksurface/v3/tasksurface.proto lives: the repository and the packed bundle keep the
 * same layout, sdk/proto beside host-shim.
 */
export const CONTRACT_PROTO_DIR = join(here, '..', '..', '..', 'sdk', 'proto')

const LOADER_OPTIONS = {
  keepCase: true, // field names exactly as in the .proto (snake_case)
  longs: Number, // int64 event sequence numbers fit a double
  enums: String,
  defaults: true, // absent fields read as their zero values, as in Go
  oneofs: true,
}

let cached

/**
 * Load every service definition once.
 * @returns {{health: any, stdio: any, controller: any, taskSurface: any}}
 */
export function loadProtos() {
  if (cached) return cached
  const contract = join(CONTRACT_PROTO_DIR, 'tasksurface', 'v3', 'tasksurface.proto')
  if (!existsSync(contract)) {
    throw new Error(`Task Surface contract not found at ${contract}; the bundle is incomplete, reinstall it`)
  }
  const definition = protoLoader.loadSync(
    [
      'plugin/grpc_controller.proto',
      'plugin/grpc_stdio.proto',
      'grpc/health/v1/health.proto',
      'tasksurface/v3/tasksurface.proto',
    ],
    { ...LOADER_OPTIONS, includeDirs: [VENDORED_PROTO_DIR, CONTRACT_PROTO_DIR] },
  )
  const root = grpc.loadPackageDefinition(definition)
  cached = {
    health: root.grpc.health.v1.Health,
    stdio: root.plugin.GRPCStdio,
    controller: root.plugin.GRPCController,
    taskSurface: root.tasksurface.v3.TaskSurface,
  }
  return cached
}
