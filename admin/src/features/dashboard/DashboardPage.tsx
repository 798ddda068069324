import { Link } from "react-router";
import { useMeQuery } from "../accounts/accountApi";
import { RecentActivityList } from "../activity/RecentActivityList";
import { LIST_MODELS } from "../lists/listModels";
import { EditingNow } from "./EditingNow";
import { RecentNodes } from "./RecentNodes";
import { SalesFigures } from "./SalesFigures";
import "./dashboard.css";

export function DashboardPage() {
  const { data: user } = useMeQuery();
  return (
    <>
      <div className="page-heading">
        <h1>Dashboard</h1>
        {user && <p className="muted">Welcome back, {user.name || user.email}.</p>}
        <nav aria-label="Back office sections" className="section-links">
          {/* Every list page, from the list models (content, tree, base, then the store). */}
          {Object.entries(LIST_MODELS).map(([key, model], index) => (
            <span key={key}>
              {index > 0 && " · "}
              <Link to={`/${key}/`}>{model.title}</Link>
            </span>
          ))}
          {" · "}
          <Link to="/store/shipping-rate/">Shipping rates</Link>
          {" · "}
          <Link to="/monthly-gifts/">Monthly gifts</Link>
          {" · "}
          <Link to="/analytics/">Analytics</Link>
        </nav>
      </div>
      <SalesFigures />
      <div className="dashboard-grid">
        <RecentNodes />
        <EditingNow />
      </div>
      <RecentActivityList />
    </>
  );
}
