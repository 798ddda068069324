import { Link } from "react-router";
import { useMeQuery } from "../account/accountApi";
import { RecentActivityList } from "../activity/RecentActivityList";
import { EditingNow } from "./EditingNow";
import { RecentNodes } from "./RecentNodes";
import "./dashboard.css";

export function DashboardPage() {
  const { data: user } = useMeQuery();
  return (
    <>
      <div className="page-heading">
        <h1>Dashboard</h1>
        {user && <p className="muted">Welcome back, {user.name || user.email}.</p>}
        <nav aria-label="Back office sections" className="section-links">
          <Link to="/content/contentnode/">Content nodes</Link> · <Link to="/content/keyword/">Keywords</Link> ·{" "}
          <Link to="/base/cmsactionevent/">Scheduled actions</Link>
        </nav>
      </div>
      <div className="dashboard-grid">
        <RecentNodes />
        <EditingNow />
      </div>
      <RecentActivityList />
    </>
  );
}
