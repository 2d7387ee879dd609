/** /us/analysis (spec 3 section 2): the research chat in the equity mode, its company a US company by CIK (companyNumber). */
import AnalysisPage from '../../features/research/analysis-page.tsx';

export default function UsAnalysisPage() {
  return <AnalysisPage market="us" />;
}
