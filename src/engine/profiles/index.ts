// Bank profiles: data files, one per bank. (Skeleton: the CSV engine issue fills this in.)
export interface BankInfo {
  id: string;
  name: string;
  inputs: ('csv' | 'pdf')[];
}

const PROFILES: BankInfo[] = [];

export function listBanks(): BankInfo[] {
  return PROFILES.map((p) => ({ ...p, inputs: [...p.inputs] }));
}

export function isAcceptedBank(id: string): boolean {
  return id === 'auto' || id === 'generic' || PROFILES.some((p) => p.id === id);
}
