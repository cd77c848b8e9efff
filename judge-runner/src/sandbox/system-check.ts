// Startup check: which system packages the runner needs and are missing, with the command that installs them.
import { access, constants } from 'node:fs/promises';

export const INSTALL_COMMAND = 'apt-get install -y bubblewrap util-linux gcc g++ default-jdk-headless python3 nodejs pypy3 golang-go rustc ruby php-cli mono-mcs';

interface Requirement {
  pkg: string;
  binaries: string[];
  /** Without it the runner cannot judge at all (the sandbox itself, the compiler of its measuring helper). */
  essential: boolean;
}

export const REQUIREMENTS: readonly Requirement[] = [
  { pkg: 'bubblewrap', binaries: ['/usr/bin/bwrap'], essential: true },
  { pkg: 'gcc', binaries: ['/usr/bin/gcc'], essential: true },
  // flock(1) takes the sandbox uids' locks (uid-lock.ts).
  { pkg: 'util-linux', binaries: ['/usr/bin/flock'], essential: true },
  { pkg: 'g++', binaries: ['/usr/bin/g++'], essential: false },
  { pkg: 'default-jdk-headless', binaries: ['/usr/bin/java', '/usr/bin/javac'], essential: false },
  { pkg: 'python3', binaries: ['/usr/bin/python3'], essential: false },
  { pkg: 'nodejs', binaries: ['/usr/bin/node'], essential: false },
  { pkg: 'pypy3', binaries: ['/usr/bin/pypy3'], essential: false },
  { pkg: 'golang-go', binaries: ['/usr/bin/go'], essential: false },
  { pkg: 'rustc', binaries: ['/usr/bin/rustc'], essential: false },
  { pkg: 'ruby', binaries: ['/usr/bin/ruby'], essential: false },
  { pkg: 'php-cli', binaries: ['/usr/bin/php8.2'], essential: false },
  { pkg: 'mono-mcs', binaries: ['/usr/bin/mcs', '/usr/bin/mono'], essential: false },
];

export class MissingSystemPackagesError extends Error {
  constructor(readonly packages: string[]) {
    super(`judge runner: missing system packages: ${packages.join(', ')}. Install them with: ${INSTALL_COMMAND}`);
    this.name = 'MissingSystemPackagesError';
  }
}

async function present(file: string): Promise<boolean> {
  return access(file, constants.X_OK).then(
    () => true,
    () => false,
  );
}

/**
 * Throws `MissingSystemPackagesError` when an essential package is missing (bubblewrap is not essential when the
 * nsjail driver is used). Returns the missing optional ones: their languages are simply not advertised.
 */
export async function checkSystemPackages(opts: { driver?: 'bwrap' | 'nsjail'; requirements?: readonly Requirement[] } = {}): Promise<{ missing: string[] }> {
  const missing: string[] = [];
  const essentialMissing: string[] = [];
  for (const req of opts.requirements ?? REQUIREMENTS) {
    if ((await Promise.all(req.binaries.map(present))).every(Boolean)) continue;
    missing.push(req.pkg);
    const essential = req.essential && !(req.pkg === 'bubblewrap' && opts.driver === 'nsjail');
    if (essential) essentialMissing.push(req.pkg);
  }
  if (essentialMissing.length > 0) throw new MissingSystemPackagesError(missing);
  return { missing };
}
