package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestEnoughDiskRefusesAStepThatWouldFillTheDisk(t *testing.T) {
	dir := t.TempDir()
	if err := enoughDisk(dir, "growth", 0); err != nil {
		t.Skipf("the test machine has less than the margin free: %v", err)
	}
	err := enoughDisk(dir, "growth", 1<<60)
	if err == nil || !strings.Contains(err.Error(), "growth: not enough free disk under "+dir) {
		t.Fatalf("err = %v, want the step, the folder and what it lacks", err)
	}
}

func TestRemoveSQLiteRemovesTheWALAndSharedMemoryToo(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bench.db")
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if err := os.WriteFile(path+suffix, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	removeSQLite(path)
	left, _ := filepath.Glob(path + "*")
	if len(left) != 0 {
		t.Fatalf("left behind: %v", left)
	}
}
