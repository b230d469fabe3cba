package main

import (
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"fmt"
)

// executableOf reports the operating system and architecture an executable file is built for,
// in Go's spelling, from its headers.
func executableOf(path string) (goos, goarch string, err error) {
	if f, err := elf.Open(path); err == nil {
		defer f.Close()
		switch f.Machine {
		case elf.EM_X86_64:
			return "linux", "amd64", nil
		case elf.EM_AARCH64:
			return "linux", "arm64", nil
		}
		return "linux", f.Machine.String(), nil
	}
	if f, err := macho.Open(path); err == nil {
		defer f.Close()
		switch f.Cpu {
		case macho.CpuAmd64:
			return "darwin", "amd64", nil
		case macho.CpuArm64:
			return "darwin", "arm64", nil
		}
		return "darwin", f.Cpu.String(), nil
	}
	if f, err := pe.Open(path); err == nil {
		defer f.Close()
		switch f.Machine {
		case pe.IMAGE_FILE_MACHINE_AMD64:
			return "windows", "amd64", nil
		case pe.IMAGE_FILE_MACHINE_ARM64:
			return "windows", "arm64", nil
		}
		return "windows", fmt.Sprintf("machine %#x", f.Machine), nil
	}
	return "", "", fmt.Errorf("not an ELF, Mach-O or PE executable")
}
