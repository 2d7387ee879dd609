/**
 * Real UK lenders as they appear in charges' "persons entitled" (the clearing banks, the
 * challenger and specialist property banks, the asset-based and invoice finance lenders, the
 * asset finance houses), each with the spelling and case variants real filings have, and the
 * audit firms that sign accounts.
 */
import type { Rng } from './random.js';
import { Weighted } from './random.js';
import type { LenderGroup } from './sectors.js';

export interface Lender {
  /** The name as usually filed. */
  name: string;
  /** Other spellings of the same lender found on filings (case, punctuation, legal ending). */
  variants: readonly string[];
  /** What it usually takes: debentures and legal charges, or book debts (invoice finance), or assets. */
  style: 'bank' | 'abl' | 'asset';
}

const L = (name: string, variants: string[], style: Lender['style'] = 'bank'): Lender => ({ name, variants, style });

export const LENDERS: Record<LenderGroup, Weighted<Lender>> = {
  clearing: Weighted.of([
    [L('HSBC UK Bank PLC', ['HSBC UK BANK PLC', 'Hsbc Uk Bank PLC', 'HSBC UK Bank P.L.C.']), 20],
    [L('Barclays Bank PLC', ['BARCLAYS BANK PLC', 'Barclays Bank Plc', 'Barclays Security Trustee Limited']), 20],
    [L('Lloyds Bank PLC', ['LLOYDS BANK PLC', 'Lloyds Bank Plc', 'Lloyds Bank PLC (as Security Trustee)', 'Lloyds TSB Bank PLC']), 20],
    [
      L('National Westminster Bank PLC', [
        'NATIONAL WESTMINSTER BANK PUBLIC LIMITED COMPANY',
        'National Westminster Bank Public Limited Company',
        'Natwest Bank PLC',
        'NatWest',
        'National Westminster Bank PLC as Security Trustee',
      ]),
      18,
    ],
    [L('Santander UK PLC', ['SANTANDER UK PLC', 'Santander UK Plc']), 8],
    [L('Clydesdale Bank PLC', ['CLYDESDALE BANK PLC', 'Clydesdale Bank Public Limited Company']), 5],
    [L('Bank of Scotland PLC', ['BANK OF SCOTLAND PLC', 'The Governor and Company of the Bank of Scotland']), 5],
    [L('The Royal Bank of Scotland PLC', ['THE ROYAL BANK OF SCOTLAND PLC', 'Royal Bank of Scotland PLC']), 4],
    [L('Metro Bank PLC', ['METRO BANK PLC', 'Metro Bank Plc']), 3],
    [L('Svenska Handelsbanken AB (Publ)', ['SVENSKA HANDELSBANKEN AB (PUBL)', 'Handelsbanken PLC', 'Svenska Handelsbanken AB (publ)']), 4],
    [L('The Co-operative Bank P.L.C.', ['THE CO-OPERATIVE BANK P.L.C.', 'The Co-Operative Bank PLC']), 1.5],
    [L('Coutts & Company', ['COUTTS & COMPANY', 'Coutts and Company']), 1],
    [L('Northern Bank Limited', ['NORTHERN BANK LIMITED', 'Danske Bank A/S']), 1],
    [L('AIB Group (UK) P.L.C.', ['AIB GROUP (UK) P.L.C.', 'Aib Group (UK) PLC']), 1],
  ]),
  challenger: Weighted.of([
    [L('Shawbrook Bank Limited', ['SHAWBROOK BANK LIMITED', 'Shawbrook Bank Ltd']), 10],
    [L('Aldermore Bank PLC', ['ALDERMORE BANK PLC', 'Aldermore Bank Plc']), 9],
    [L('OakNorth Bank PLC', ['OAKNORTH BANK PLC', 'Oaknorth Bank PLC']), 8],
    [L('Allica Bank Limited', ['ALLICA BANK LIMITED', 'Allica Bank Ltd']), 8],
    [L('Close Brothers Limited', ['CLOSE BROTHERS LIMITED', 'Close Brothers Ltd']), 8],
    [L('Investec Bank PLC', ['INVESTEC BANK PLC', 'Investec Bank Plc']), 5],
    [L('Secure Trust Bank PLC', ['SECURE TRUST BANK PLC', 'Secure Trust Bank Public Limited Company']), 5],
    [L('Cynergy Bank Limited', ['CYNERGY BANK LIMITED', 'Cynergy Bank Ltd']), 5],
    [L('Triodos Bank UK Limited', ['TRIODOS BANK UK LIMITED', 'Triodos Bank UK Ltd']), 3],
    [L('Unity Trust Bank PLC', ['UNITY TRUST BANK PLC', 'Unity Trust Bank Plc']), 3],
    [L('Arbuthnot Latham & Co., Limited', ['ARBUTHNOT LATHAM & CO., LIMITED', 'Arbuthnot Latham & Co Limited']), 2],
    [L('Atom Bank PLC', ['ATOM BANK PLC']), 2],
  ]),
  property: Weighted.of([
    [L('Shawbrook Bank Limited', ['SHAWBROOK BANK LIMITED']), 8],
    [L('Paragon Bank PLC', ['PARAGON BANK PLC', 'Paragon Bank Plc']), 8],
    [L('United Trust Bank Limited', ['UNITED TRUST BANK LIMITED', 'United Trust Bank Ltd']), 6],
    [L('Together Commercial Finance Limited', ['TOGETHER COMMERCIAL FINANCE LIMITED']), 5],
    [L('Cynergy Bank Limited', ['CYNERGY BANK LIMITED']), 4],
    [L('OakNorth Bank PLC', ['OAKNORTH BANK PLC']), 6],
    [L('Allica Bank Limited', ['ALLICA BANK LIMITED']), 5],
    [L('Aldermore Bank PLC', ['ALDERMORE BANK PLC']), 5],
    [L('Interbay Funding, Ltd', ['INTERBAY FUNDING, LTD', 'Interbay Funding Ltd']), 3],
    [L('Hampshire Trust Bank PLC', ['HAMPSHIRE TRUST BANK PLC', 'Hampshire Trust Bank Plc']), 4],
    [L('OneSavings Bank PLC', ['ONESAVINGS BANK PLC', 'Onesavings Bank PLC']), 6],
    [L('Charter Court Financial Services Limited', ['CHARTER COURT FINANCIAL SERVICES LIMITED']), 4],
    [L('Lendinvest Capital Limited', ['LENDINVEST CAPITAL LIMITED', 'LendInvest Capital Limited']), 3],
    [L('Metro Bank PLC', ['METRO BANK PLC']), 3],
    [L('Svenska Handelsbanken AB (Publ)', ['SVENSKA HANDELSBANKEN AB (PUBL)']), 4],
  ]),
  abl: Weighted.of([
    [
      L(
        'ABN AMRO Asset Based Finance N.V.',
        ['ABN AMRO ASSET BASED FINANCE N.V.', 'Abn Amro Asset Based Finance N.V.', 'ABN AMRO Commercial Finance PLC'],
        'abl',
      ),
      8,
    ],
    [
      L('Lloyds Bank Commercial Finance Limited', ['LLOYDS BANK COMMERCIAL FINANCE LIMITED', 'Lloyds Bank Commercial Finance Ltd'], 'abl'),
      10,
    ],
    [L('HSBC Invoice Finance (UK) Limited', ['HSBC INVOICE FINANCE (UK) LIMITED', 'Hsbc Invoice Finance (UK) Limited'], 'abl'), 9],
    [L('PNC Business Credit', ['PNC BUSINESS CREDIT', 'PNC Financial Services UK Ltd'], 'abl'), 5],
    [L('Leumi ABL Limited', ['LEUMI ABL LIMITED', 'Leumi Abl Limited'], 'abl'), 4],
    [L('Close Brothers Limited', ['CLOSE BROTHERS LIMITED', 'Close Invoice Finance Limited'], 'abl'), 6],
    [
      L(
        'Bibby Financial Services Limited',
        ['BIBBY FINANCIAL SERVICES LIMITED', 'Bibby Factors Limited', 'Bibby Financial Services Ltd'],
        'abl',
      ),
      8,
    ],
    [L('Secure Trust Bank PLC', ['SECURE TRUST BANK PLC', 'Secure Trust Bank Plc'], 'abl'), 4],
    [L('RBS Invoice Finance Limited', ['RBS INVOICE FINANCE LIMITED', 'Royal Bank of Scotland Invoice Finance Limited'], 'abl'), 5],
    [L('Barclays Bank PLC', ['BARCLAYS BANK PLC'], 'abl'), 4],
    [L('Investec Bank PLC', ['INVESTEC BANK PLC'], 'abl'), 3],
    [L('Skipton Business Finance Limited', ['SKIPTON BUSINESS FINANCE LIMITED'], 'abl'), 3],
    [L('Ultimate Finance Limited', ['ULTIMATE FINANCE LIMITED'], 'abl'), 2],
    [L('Hilco Global UK Limited', ['HILCO GLOBAL UK LIMITED'], 'abl'), 1],
  ]),
  asset: Weighted.of([
    [
      L(
        'Lombard North Central PLC',
        ['LOMBARD NORTH CENTRAL PUBLIC LIMITED COMPANY', 'Lombard North Central Public Limited Company'],
        'asset',
      ),
      10,
    ],
    [L('Close Brothers Limited', ['CLOSE BROTHERS LIMITED', 'Close Brothers Asset Finance'], 'asset'), 8],
    [L('Siemens Financial Services Limited', ['SIEMENS FINANCIAL SERVICES LIMITED'], 'asset'), 4],
    [L('BNP Paribas Leasing Solutions Limited', ['BNP PARIBAS LEASING SOLUTIONS LIMITED'], 'asset'), 4],
    [L('Mitsubishi HC Capital UK PLC', ['MITSUBISHI HC CAPITAL UK PLC', 'Hitachi Capital (UK) PLC'], 'asset'), 4],
    [L('Shire Leasing PLC', ['SHIRE LEASING PLC'], 'asset'), 3],
    [L('Time Finance Limited', ['TIME FINANCE LIMITED'], 'asset'), 2],
    [L('Aldermore Bank PLC', ['ALDERMORE BANK PLC'], 'asset'), 3],
    [L('Haydock Finance Limited', ['HAYDOCK FINANCE LIMITED'], 'asset'), 2],
  ]),
};

/** The name as filed: usually the standard form, sometimes one of its variants. */
export function filedName(rng: Rng, lender: Lender): string {
  return rng.chance(0.72) || lender.variants.length === 0 ? lender.name : rng.pick(lender.variants);
}

export interface AuditFirm {
  name: string;
  /** Where it signs: "London", or a regional office. */
  offices: readonly string[];
  tier: 'big4' | 'mid' | 'local';
}

const A = (name: string, tier: AuditFirm['tier'], offices: string[]): AuditFirm => ({ name, tier, offices });

export const AUDITORS: Record<AuditFirm['tier'], Weighted<AuditFirm>> = {
  big4: Weighted.of([
    [A('PricewaterhouseCoopers LLP', 'big4', ['London', 'Birmingham', 'Manchester', 'Leeds', 'Edinburgh', 'Bristol', 'Belfast']), 3],
    [A('KPMG LLP', 'big4', ['London', 'Birmingham', 'Manchester', 'Leeds', 'Glasgow', 'Reading', 'Cardiff']), 3],
    [A('Deloitte LLP', 'big4', ['London', 'Birmingham', 'Manchester', 'Leeds', 'Edinburgh', 'Bristol', 'Belfast']), 3],
    [A('Ernst & Young LLP', 'big4', ['London', 'Birmingham', 'Manchester', 'Leeds', 'Glasgow', 'Reading', 'Southampton']), 2.5],
  ]),
  mid: Weighted.of([
    [A('BDO LLP', 'mid', ['London', 'Birmingham', 'Manchester', 'Leeds', 'Glasgow', 'Gatwick', 'Ipswich']), 5],
    [A('Grant Thornton UK LLP', 'mid', ['London', 'Birmingham', 'Manchester', 'Leeds', 'Bristol', 'Cambridge']), 4],
    [A('RSM UK Audit LLP', 'mid', ['London', 'Birmingham', 'Manchester', 'Leeds', 'Glasgow', 'Milton Keynes', 'Newcastle upon Tyne']), 5],
    [A('Forvis Mazars LLP', 'mid', ['London', 'Birmingham', 'Manchester', 'Leeds', 'Bristol', 'Glasgow']), 3],
    [A('Crowe U.K. LLP', 'mid', ['London', 'Manchester', 'Reading', 'Cheltenham', 'Kent']), 2.5],
    [A('MHA', 'mid', ['London', 'Birmingham', 'Manchester', 'Reading', 'Cardiff']), 2],
    [A('PKF Francis Clark LLP', 'mid', ['Exeter', 'Plymouth', 'Bristol', 'Truro']), 1],
    [A('Azets Audit Services', 'mid', ['Edinburgh', 'Glasgow', 'Aberdeen', 'Leeds', 'Cardiff']), 2.5],
    [A('Johnston Carmichael LLP', 'mid', ['Aberdeen', 'Edinburgh', 'Glasgow', 'Inverness']), 1],
  ]),
  local: Weighted.of([
    [A('Haines Watts', 'local', ['Birmingham', 'Slough', 'Leicester', 'Bristol']), 3],
    [A('Menzies LLP', 'local', ['London', 'Guildford', 'Cardiff', 'Farnborough']), 2],
    [A('Saffery LLP', 'local', ['London', 'Bristol', 'Edinburgh', 'Harrogate']), 2],
    [A('Moore Kingston Smith LLP', 'local', ['London', 'St Albans', 'Redhill']), 2],
    [A('Hazlewoods LLP', 'local', ['Cheltenham', 'Gloucester', 'Bristol']), 1.5],
    [A('Price Bailey LLP', 'local', ['Cambridge', 'Norwich', 'Bishops Stortford']), 1.5],
    [A('Kreston Reeves LLP', 'local', ['Canterbury', 'Brighton', 'London']), 1.5],
    [A('Buzzacott LLP', 'local', ['London']), 1],
    [A('Bishop Fleming LLP', 'local', ['Exeter', 'Plymouth', 'Bristol', 'Truro']), 1.5],
    [A('Albert Goodman LLP', 'local', ['Taunton', 'Yeovil', 'Weymouth']), 1],
    [A('Streets Audit LLP', 'local', ['Lincoln', 'Nottingham', 'Leeds']), 1],
    [A('French Duncan LLP', 'local', ['Glasgow', 'Hamilton', 'Stirling']), 1],
    [A('ASM (N.I.) Limited', 'local', ['Belfast', 'Newry', 'Londonderry']), 1],
    [A('Shaw Gibbs (Audit) Limited', 'local', ['Oxford', 'Banbury', 'Northampton']), 1],
    [A('Armstrong Watson Audit Limited', 'local', ['Carlisle', 'Leeds', 'Newcastle upon Tyne', 'Preston']), 1.5],
    [A('Sumer Auditco Limited', 'local', ['Leeds', 'Northampton', 'Glasgow']), 1],
  ]),
};
