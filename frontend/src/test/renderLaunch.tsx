// The Launch page in a router for the launch tests: /launch (or /launch?from=<id>), and a stub run page ("run page <id>") a launch goes to.
import { render } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useParams } from "react-router-dom";
import { LaunchPage } from "../pages/LaunchPage";

function RunStub() {
  const { id } = useParams();
  return <div>run page {id}</div>;
}

export function renderLaunch(path = "/launch") {
  return render(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/launch" element={<LaunchPage />} />
        <Route path="/runs/:id" element={<RunStub />} />
      </Routes>
    </MemoryRouter>,
  );
}
