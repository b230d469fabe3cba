// A Windows DLL that only forwards exports to another DLL, written byte by byte (PE32+, x64):
// Wine 8 (Debian 12's) has no bcryptprimitives.dll, whose ProcessPrng the Go runtime needs
// since Go 1.24 to start on Windows; a bcryptprimitives.dll forwarding ProcessPrng to
// advapi32's SystemFunction036 (RtlGenRandom: fill a buffer with random bytes, same two
// arguments) lets the release's Windows binaries run under that Wine. Test support only.

const FILE_ALIGN = 0x200
const SECTION_RVA = 0x1000

/**
 * @param {string} name - the DLL's own name, e.g. "bcryptprimitives.dll"
 * @param {Record<string, string>} forwards - export name -> "dll.Function"
 * @returns {Buffer}
 */
export function forwarderDll(name, forwards) {
  const names = Object.keys(forwards).sort()
  // .edata: export directory, function table, name table, ordinal table, strings.
  const dirSize = 40
  const funcs = dirSize
  const namePtrs = funcs + 4 * names.length
  const ordinals = namePtrs + 4 * names.length
  let strings = ordinals + 2 * names.length
  const edata = []
  const rvaOfString = new Map()
  const addString = (s) => {
    rvaOfString.set(s, SECTION_RVA + strings)
    edata.push(Buffer.from(`${s}\0`, 'latin1'))
    strings += s.length + 1
  }
  addString(name)
  for (const n of names) { addString(n); addString(forwards[n]) }
  const head = Buffer.alloc(ordinals + 2 * names.length)
  head.writeUInt32LE(rvaOfString.get(name), 12) // Name
  head.writeUInt32LE(1, 16) // Base
  head.writeUInt32LE(names.length, 20) // NumberOfFunctions
  head.writeUInt32LE(names.length, 24) // NumberOfNames
  head.writeUInt32LE(SECTION_RVA + funcs, 28)
  head.writeUInt32LE(SECTION_RVA + namePtrs, 32)
  head.writeUInt32LE(SECTION_RVA + ordinals, 36)
  names.forEach((n, i) => {
    head.writeUInt32LE(rvaOfString.get(forwards[n]), funcs + 4 * i) // inside the directory: a forwarder
    head.writeUInt32LE(rvaOfString.get(n), namePtrs + 4 * i)
    head.writeUInt16LE(i, ordinals + 2 * i)
  })
  const section = Buffer.concat([head, ...edata])
  const rawSize = Math.ceil(section.length / FILE_ALIGN) * FILE_ALIGN

  const headers = Buffer.alloc(FILE_ALIGN)
  headers.write('MZ', 0, 'latin1')
  headers.writeUInt32LE(0x40, 0x3c) // e_lfanew
  let o = 0x40
  headers.write('PE\0\0', o, 'latin1'); o += 4
  headers.writeUInt16LE(0x8664, o) // Machine: x64
  headers.writeUInt16LE(1, o + 2) // NumberOfSections
  headers.writeUInt16LE(240, o + 16) // SizeOfOptionalHeader
  headers.writeUInt16LE(0x2022, o + 18) // EXECUTABLE_IMAGE | LARGE_ADDRESS_AWARE | DLL
  o += 20
  const opt = o
  headers.writeUInt16LE(0x20b, opt) // PE32+
  headers.writeUInt32LE(rawSize, opt + 8) // SizeOfInitializedData
  headers.writeBigUInt64LE(0x180000000n, opt + 24) // ImageBase
  headers.writeUInt32LE(0x1000, opt + 32) // SectionAlignment
  headers.writeUInt32LE(FILE_ALIGN, opt + 36) // FileAlignment
  headers.writeUInt16LE(6, opt + 40) // MajorOperatingSystemVersion
  headers.writeUInt16LE(6, opt + 48) // MajorSubsystemVersion
  headers.writeUInt32LE(SECTION_RVA + Math.ceil(section.length / 0x1000) * 0x1000, opt + 56) // SizeOfImage
  headers.writeUInt32LE(FILE_ALIGN, opt + 60) // SizeOfHeaders
  headers.writeUInt16LE(3, opt + 68) // Subsystem: console
  headers.writeBigUInt64LE(0x100000n, opt + 72) // SizeOfStackReserve
  headers.writeBigUInt64LE(0x1000n, opt + 80) // SizeOfStackCommit
  headers.writeBigUInt64LE(0x100000n, opt + 88) // SizeOfHeapReserve
  headers.writeBigUInt64LE(0x1000n, opt + 96) // SizeOfHeapCommit
  headers.writeUInt32LE(16, opt + 108) // NumberOfRvaAndSizes
  headers.writeUInt32LE(SECTION_RVA, opt + 112) // export directory RVA
  headers.writeUInt32LE(section.length, opt + 116) // and size
  o = opt + 240
  headers.write('.edata', o, 'latin1')
  headers.writeUInt32LE(section.length, o + 8) // VirtualSize
  headers.writeUInt32LE(SECTION_RVA, o + 12) // VirtualAddress
  headers.writeUInt32LE(rawSize, o + 16) // SizeOfRawData
  headers.writeUInt32LE(FILE_ALIGN, o + 20) // PointerToRawData
  headers.writeUInt32LE(0x40000040, o + 36) // INITIALIZED_DATA | MEM_READ
  const body = Buffer.alloc(rawSize)
  section.copy(body)
  return Buffer.concat([headers, body])
}
