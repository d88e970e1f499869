// Made by `npm run build` from the bundles (scripts/pipeline/contract-index.ts): do not edit.
export declare const FAMILIES: {
  readonly "v2-pt": {
    readonly "flavour": "published";
    readonly "operations": readonly [
      {
        readonly "name": "RecuperarSistemasPesquisa";
        readonly "operationId": "RecuperarSistemasPesquisa";
        readonly "path": "/api/V2/Voos/RecuperarSistemasPesquisa";
        readonly "group": "Search and pricing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "RecuperarSistemasPesquisa";
        readonly "role": "search-systems";
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "RecuperarSistemas";
        readonly "operationId": "RecuperarSistemas";
        readonly "path": "/api/V2/Voos/RecuperarSistemas";
        readonly "group": "Search and pricing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "RecuperarSistemas";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Disponibilidade";
        readonly "operationId": "Disponibilidade";
        readonly "path": "/api/V2/Voos/Disponibilidade";
        readonly "group": "Search and pricing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Disponibilidade";
        readonly "role": "search";
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "DisponibilidadeMultipla";
        readonly "operationId": "DisponibilidadeMultipla";
        readonly "path": "/api/V2/Voos/DisponibilidadeMultipla";
        readonly "group": "Search and pricing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "DisponibilidadeMultipla";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Tarifar";
        readonly "operationId": "Tarifar";
        readonly "path": "/api/V2/Voos/Tarifar";
        readonly "group": "Search and pricing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Tarifar";
        readonly "role": "price";
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "ObterRegraDaTarifa";
        readonly "operationId": "ObterRegraDaTarifa";
        readonly "path": "/api/V2/Voos/ObterRegraDaTarifa";
        readonly "group": "Search and pricing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "ObterRegraDaTarifa";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "DetalhesdeFamilia";
        readonly "operationId": "DetalhesdeFamilia";
        readonly "path": "/api/V2/Voos/DetalhesdeFamilia";
        readonly "group": "Search and pricing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "DetalhesdeFamilia";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Reservar";
        readonly "operationId": "Reservar";
        readonly "path": "/api/V2/Voos/Reservar";
        readonly "group": "Booking";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Reservar";
        readonly "role": "book";
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Consultar";
        readonly "operationId": "Consultar";
        readonly "path": "/api/V2/Voos/Consultar";
        readonly "group": "Booking";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Consultar";
        readonly "role": "lookup";
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Cancelar";
        readonly "operationId": "Cancelar";
        readonly "path": "/api/V2/Voos/Cancelar";
        readonly "group": "Booking";
        readonly "effect": "write";
        readonly "destructive": true;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Cancelar";
        readonly "role": "cancel";
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "GravarReserva";
        readonly "operationId": "GravarReserva";
        readonly "path": "/api/V2/Voos/GravarReserva";
        readonly "group": "Booking";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "GravarReserva";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "GravarVenda";
        readonly "operationId": "GravarVenda";
        readonly "path": "/api/V2/Voos/GravarVenda";
        readonly "group": "Booking";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "GravarVenda";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "AlterarReservaTarifar";
        readonly "operationId": "AlterarReservaTarifar";
        readonly "path": "/api/V2/Voos/AlterarReservaTarifar";
        readonly "group": "Booking";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "AlterarReservaTarifar";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "AlterarReservaConfirmar";
        readonly "operationId": "AlterarReservaConfirmar";
        readonly "path": "/api/V2/Voos/AlterarReservaConfirmar";
        readonly "group": "Booking";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "AlterarReservaConfirmar";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "IniciarEmissao";
        readonly "operationId": "IniciarEmissao";
        readonly "path": "/api/V2/Voos/IniciarEmissao";
        readonly "group": "Ticketing";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "IniciarEmissao";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "RecuperarFormasDeFinanciamento";
        readonly "operationId": "RecuperarFormasDeFinanciamento";
        readonly "path": "/api/V2/Voos/RecuperarFormasDeFinanciamento";
        readonly "group": "Ticketing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "RecuperarFormasDeFinanciamento";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Emitir";
        readonly "operationId": "Emitir";
        readonly "path": "/api/V2/Voos/Emitir";
        readonly "group": "Ticketing";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Emitir";
        readonly "role": "issue";
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "ConsultarEticket";
        readonly "operationId": "ConsultarEticket";
        readonly "path": "/api/V2/Voos/ConsultarEticket";
        readonly "group": "Ticketing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "ConsultarEticket";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "CancelarEticket";
        readonly "operationId": "CancelarEticket";
        readonly "path": "/api/V2/Voos/CancelarEticket";
        readonly "group": "Ticketing";
        readonly "effect": "write";
        readonly "destructive": true;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "CancelarEticket";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "ListarReservas";
        readonly "operationId": "ListarReservas";
        readonly "path": "/api/V2/Voos/ListarReservas";
        readonly "group": "Listing and search";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "ListarReservas";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "ListarEtickets";
        readonly "operationId": "ListarEtickets";
        readonly "path": "/api/V2/Voos/ListarEtickets";
        readonly "group": "Listing and search";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "ListarEtickets";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "BuscarReserva";
        readonly "operationId": "BuscarReserva";
        readonly "path": "/api/V2/Voos/BuscarReserva";
        readonly "group": "Listing and search";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "BuscarReserva";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "BuscarEtickets";
        readonly "operationId": "BuscarEtickets";
        readonly "path": "/api/V2/Voos/BuscarEtickets";
        readonly "group": "Listing and search";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "BuscarEtickets";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Buscar";
        readonly "operationId": "Buscar";
        readonly "path": "/api/V2/Voos/Buscar";
        readonly "group": "Listing and search";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Buscar";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "BuscarFila";
        readonly "operationId": "BuscarFila";
        readonly "path": "/api/V2/Voos/BuscarFila";
        readonly "group": "Listing and search";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "BuscarFila";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "ObterMapaDeAssentos";
        readonly "operationId": "ObterMapaDeAssentos";
        readonly "path": "/api/V2/Voos/ObterMapaDeAssentos";
        readonly "group": "Seats";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "ObterMapaDeAssentos";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "MarcarAssentos";
        readonly "operationId": "MarcarAssentos";
        readonly "path": "/api/V2/Voos/MarcarAssentos";
        readonly "group": "Seats";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "MarcarAssentos";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "RemoverAssentos";
        readonly "operationId": "RemoverAssentos";
        readonly "path": "/api/V2/Voos/RemoverAssentos";
        readonly "group": "Seats";
        readonly "effect": "write";
        readonly "destructive": true;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "RemoverAssentos";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "DisponibilidadeDeServicoAuxiliar";
        readonly "operationId": "DisponibilidadeDeServicoAuxiliar";
        readonly "path": "/api/V2/Voos/DisponibilidadeDeServicoAuxiliar";
        readonly "group": "Ancillaries";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "DisponibilidadeDeServicoAuxiliar";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "TarifarServicoAuxiliar";
        readonly "operationId": "TarifarServicoAuxiliar";
        readonly "path": "/api/V2/Voos/TarifarServicoAuxiliar";
        readonly "group": "Ancillaries";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "TarifarServicoAuxiliar";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "GravarServicoAuxiliar";
        readonly "operationId": "GravarServicoAuxiliar";
        readonly "path": "/api/V2/Voos/GravarServicoAuxiliar";
        readonly "group": "Ancillaries";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "GravarServicoAuxiliar";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "CancelarServicoAuxiliar";
        readonly "operationId": "CancelarServicoAuxiliar";
        readonly "path": "/api/V2/Voos/CancelarServicoAuxiliar";
        readonly "group": "Ancillaries";
        readonly "effect": "write";
        readonly "destructive": true;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "CancelarServicoAuxiliar";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "EnviarPlanoDeViagem";
        readonly "operationId": "EnviarPlanoDeViagem";
        readonly "path": "/api/V2/Voos/EnviarPlanoDeViagem";
        readonly "group": "Other";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "EnviarPlanoDeViagem";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "BuscarNotificacao";
        readonly "operationId": "BuscarNotificacao";
        readonly "path": "/api/V2/Voos/BuscarNotificacao";
        readonly "group": "Notifications";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "BuscarNotificacao";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "ListarNotificacoes";
        readonly "operationId": "ListarNotificacoes";
        readonly "path": "/api/V2/Voos/ListarNotificacoes";
        readonly "group": "Notifications";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "ListarNotificacoes";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "ExcluirNotificacao";
        readonly "operationId": "ExcluirNotificacao";
        readonly "path": "/api/V2/Voos/ExcluirNotificacao";
        readonly "group": "Notifications";
        readonly "effect": "write";
        readonly "destructive": true;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "ExcluirNotificacao";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      }
    ];
  };
  readonly "legacy": {
    readonly "flavour": "published";
    readonly "operations": readonly [
      {
        readonly "name": "ObterMapaDeAssentos";
        readonly "operationId": "ObterMapaDeAssentos";
        readonly "path": "/AereoNoSession.svc/ObterMapaDeAssentos";
        readonly "group": "Seats";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "ObterMapaDeAssentos";
          readonly "path": "/api/V2/Voos/ObterMapaDeAssentos";
        };
        readonly "summary": "ObterMapaDeAssentos (get the seat map)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "MarcarAssentos";
        readonly "operationId": "MarcarAssentos";
        readonly "path": "/AereoNoSession.svc/MarcarAssentos";
        readonly "group": "Seats";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "MarcarAssentos";
          readonly "path": "/api/V2/Voos/MarcarAssentos";
        };
        readonly "summary": "MarcarAssentos (assign seats)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "RemoverAssentos";
        readonly "operationId": "RemoverAssentos";
        readonly "path": "/AereoNoSession.svc/RemoverAssentos";
        readonly "group": "Seats";
        readonly "effect": "write";
        readonly "destructive": true;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "RemoverAssentos";
          readonly "path": "/api/V2/Voos/RemoverAssentos";
        };
        readonly "summary": "RemoverAssentos (remove a seat assignment)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "DisponibilidadeDeServicoAuxiliar";
        readonly "operationId": "DisponibilidadeDeServicoAuxiliar";
        readonly "path": "/AereoNoSession.svc/DisponibilidadeDeServicoAuxiliar";
        readonly "group": "Ancillaries";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "DisponibilidadeDeServicoAuxiliar";
          readonly "path": "/api/V2/Voos/DisponibilidadeDeServicoAuxiliar";
        };
        readonly "summary": "DisponibilidadeDeServicoAuxiliar (ancillary service availability)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "TarifarServicoAuxiliar";
        readonly "operationId": "TarifarServicoAuxiliar";
        readonly "path": "/AereoNoSession.svc/TarifarServicoAuxiliar";
        readonly "group": "Ancillaries";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "TarifarServicoAuxiliar";
          readonly "path": "/api/V2/Voos/TarifarServicoAuxiliar";
        };
        readonly "summary": "TarifarServicoAuxiliar (price ancillary services)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "GravarServicoAuxiliar";
        readonly "operationId": "GravarServicoAuxiliar";
        readonly "path": "/AereoNoSession.svc/GravarServicoAuxiliar";
        readonly "group": "Ancillaries";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "GravarServicoAuxiliar";
          readonly "path": "/api/V2/Voos/GravarServicoAuxiliar";
        };
        readonly "summary": "GravarServicoAuxiliar (purchase ancillary services)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "CancelarServicoAuxiliar";
        readonly "operationId": "CancelarServicoAuxiliar";
        readonly "path": "/AereoNoSession.svc/CancelarServicoAuxiliar";
        readonly "group": "Ancillaries";
        readonly "effect": "write";
        readonly "destructive": true;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "CancelarServicoAuxiliar";
          readonly "path": "/api/V2/Voos/CancelarServicoAuxiliar";
        };
        readonly "summary": "CancelarServicoAuxiliar (cancel an ancillary service)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Autenticar";
        readonly "operationId": "Autenticar";
        readonly "path": "/AereoNoSession.svc/Autenticar";
        readonly "group": "Authentication";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": null;
        readonly "summary": "Autenticar on AereoNoSession.svc (get a session token)";
        readonly "role": null;
        readonly "authenticates": true;
        readonly "answer": "string";
        readonly "credentials": {
          readonly "login": "login";
          readonly "password": "senha";
          readonly "client-id": "clienteId";
        };
      },
      {
        readonly "name": "AutenticarComUsuario";
        readonly "operationId": "AutenticarComUsuario";
        readonly "path": "/AereoNoSession.svc/AutenticarComUsuario";
        readonly "group": "Authentication";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": null;
        readonly "summary": "AutenticarComUsuario on AereoNoSession.svc (authenticate an application user)";
        readonly "role": null;
        readonly "authenticates": true;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "clienteId";
        };
      },
      {
        readonly "name": "ValidarTokenSeguranca";
        readonly "operationId": "ValidarTokenSeguranca";
        readonly "path": "/AereoNoSession.svc/ValidarTokenSeguranca";
        readonly "group": "Authentication";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": null;
        readonly "summary": "ValidarTokenSeguranca on AereoNoSession.svc (validate the second-factor token)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Autenticar";
        readonly "operationId": "Aereo_Autenticar";
        readonly "path": "/Aereo.svc/Autenticar";
        readonly "group": "Authentication";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": null;
        readonly "summary": "Autenticar on Aereo.svc (get a session token)";
        readonly "role": null;
        readonly "authenticates": true;
        readonly "answer": "string";
        readonly "credentials": {
          readonly "login": "login";
          readonly "password": "senha";
          readonly "client-id": "clienteId";
        };
      },
      {
        readonly "name": "AutenticarComUsuario";
        readonly "operationId": "Aereo_AutenticarComUsuario";
        readonly "path": "/Aereo.svc/AutenticarComUsuario";
        readonly "group": "Authentication";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": null;
        readonly "summary": "AutenticarComUsuario on Aereo.svc (authenticate an application user)";
        readonly "role": null;
        readonly "authenticates": true;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "clienteId";
        };
      },
      {
        readonly "name": "ValidarTokenSeguranca";
        readonly "operationId": "Aereo_ValidarTokenSeguranca";
        readonly "path": "/Aereo.svc/ValidarTokenSeguranca";
        readonly "group": "Authentication";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": null;
        readonly "summary": "ValidarTokenSeguranca on Aereo.svc (validate the second-factor token)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Autenticar";
        readonly "operationId": "Usuario_Autenticar";
        readonly "path": "/Usuario.svc/Autenticar";
        readonly "group": "Authentication";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": null;
        readonly "summary": "Autenticar on Usuario.svc (authenticate an application user)";
        readonly "role": null;
        readonly "authenticates": true;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "clienteId";
        };
      }
    ];
  };
  readonly "v1": {
    readonly "flavour": "published";
    readonly "operations": readonly [
      {
        readonly "name": "OperacaoNaoListada";
        readonly "operationId": "OperacaoNaoListada";
        readonly "path": "/api/Voos/{Operation}";
        readonly "group": "Unlisted operations";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Any V1 operation (operation names not published)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      }
    ];
  };
  readonly "v2-en": {
    readonly "flavour": "published";
    readonly "operations": readonly [
      {
        readonly "name": "RetrieveSystemsSearch";
        readonly "operationId": "RetrieveSystemsSearch";
        readonly "path": "/api/V2/Flights/RetrieveSystemsSearch";
        readonly "group": "Flights";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "RetrieveSystemsSearch";
        readonly "role": "search-systems";
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {};
      },
      {
        readonly "name": "Availability";
        readonly "operationId": "Availability";
        readonly "path": "/api/V2/Flights/Availability";
        readonly "group": "Flights";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Availability";
        readonly "role": "search";
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {};
      },
      {
        readonly "name": "MultipleAvailability";
        readonly "operationId": "MultipleAvailability";
        readonly "path": "/api/V2/Flights/MultipleAvailability";
        readonly "group": "Flights";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "MultipleAvailability";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {};
      },
      {
        readonly "name": "Price";
        readonly "operationId": "Price";
        readonly "path": "/api/V2/Flights/Price";
        readonly "group": "Flights";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Price";
        readonly "role": "price";
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {};
      },
      {
        readonly "name": "Book";
        readonly "operationId": "Book";
        readonly "path": "/api/V2/Flights/Book";
        readonly "group": "Flights";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Book";
        readonly "role": "book";
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {};
      },
      {
        readonly "name": "Retrieve";
        readonly "operationId": "Retrieve";
        readonly "path": "/api/V2/Flights/Retrieve";
        readonly "group": "Flights";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Retrieve";
        readonly "role": "lookup";
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {};
      },
      {
        readonly "name": "StartIssuance";
        readonly "operationId": "StartIssuance";
        readonly "path": "/api/V2/Flights/StartIssuance";
        readonly "group": "Flights";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "StartIssuance";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {};
      },
      {
        readonly "name": "Issue";
        readonly "operationId": "Issue";
        readonly "path": "/api/V2/Flights/Issue";
        readonly "group": "Flights";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Issue";
        readonly "role": "issue";
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {};
      },
      {
        readonly "name": "RetrieveEticket";
        readonly "operationId": "RetrieveEticket";
        readonly "path": "/api/V2/Flights/RetrieveEticket";
        readonly "group": "Flights";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "RetrieveEticket";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {};
      },
      {
        readonly "name": "CancelEticket";
        readonly "operationId": "CancelEticket";
        readonly "path": "/api/V2/Flights/CancelEticket";
        readonly "group": "Flights";
        readonly "effect": "write";
        readonly "destructive": true;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "CancelEticket";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {};
      },
      {
        readonly "name": "Cancel";
        readonly "operationId": "Cancel";
        readonly "path": "/api/V2/Flights/Cancel";
        readonly "group": "Flights";
        readonly "effect": "write";
        readonly "destructive": true;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Cancel";
        readonly "role": "cancel";
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {};
      }
    ];
  };
  readonly "v3": {
    readonly "flavour": "published";
    readonly "operations": readonly [
      {
        readonly "name": "Disponibilidade";
        readonly "operationId": "Disponibilidade";
        readonly "path": "/api/V3/Voos/Disponibilidade";
        readonly "group": "Search";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Disponibilidade (lean flight availability search)";
        readonly "role": "search";
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      }
    ];
  };
  readonly "v2-pt-observed": {
    readonly "flavour": "observed";
    readonly "operations": readonly [
      {
        readonly "name": "RecuperarSistemasPesquisa";
        readonly "operationId": "RecuperarSistemasPesquisa";
        readonly "path": "/api/V2/Voos/RecuperarSistemasPesquisa";
        readonly "group": "Search and pricing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "RecuperarSistemasPesquisa";
        readonly "role": "search-systems";
        readonly "authenticates": false;
        readonly "answer": null;
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "RecuperarSistemas";
        readonly "operationId": "RecuperarSistemas";
        readonly "path": "/api/V2/Voos/RecuperarSistemas";
        readonly "group": "Search and pricing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "RecuperarSistemas";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Disponibilidade";
        readonly "operationId": "Disponibilidade";
        readonly "path": "/api/V2/Voos/Disponibilidade";
        readonly "group": "Search and pricing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Disponibilidade";
        readonly "role": "search";
        readonly "authenticates": false;
        readonly "answer": null;
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "DisponibilidadeMultipla";
        readonly "operationId": "DisponibilidadeMultipla";
        readonly "path": "/api/V2/Voos/DisponibilidadeMultipla";
        readonly "group": "Search and pricing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "DisponibilidadeMultipla";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Tarifar";
        readonly "operationId": "Tarifar";
        readonly "path": "/api/V2/Voos/Tarifar";
        readonly "group": "Search and pricing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Tarifar";
        readonly "role": "price";
        readonly "authenticates": false;
        readonly "answer": null;
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "ObterRegraDaTarifa";
        readonly "operationId": "ObterRegraDaTarifa";
        readonly "path": "/api/V2/Voos/ObterRegraDaTarifa";
        readonly "group": "Search and pricing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "ObterRegraDaTarifa";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "DetalhesdeFamilia";
        readonly "operationId": "DetalhesdeFamilia";
        readonly "path": "/api/V2/Voos/DetalhesdeFamilia";
        readonly "group": "Search and pricing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "DetalhesdeFamilia";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Reservar";
        readonly "operationId": "Reservar";
        readonly "path": "/api/V2/Voos/Reservar";
        readonly "group": "Booking";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Reservar";
        readonly "role": "book";
        readonly "authenticates": false;
        readonly "answer": null;
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Consultar";
        readonly "operationId": "Consultar";
        readonly "path": "/api/V2/Voos/Consultar";
        readonly "group": "Booking";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Consultar";
        readonly "role": "lookup";
        readonly "authenticates": false;
        readonly "answer": null;
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Cancelar";
        readonly "operationId": "Cancelar";
        readonly "path": "/api/V2/Voos/Cancelar";
        readonly "group": "Booking";
        readonly "effect": "write";
        readonly "destructive": true;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Cancelar";
        readonly "role": "cancel";
        readonly "authenticates": false;
        readonly "answer": null;
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "GravarReserva";
        readonly "operationId": "GravarReserva";
        readonly "path": "/api/V2/Voos/GravarReserva";
        readonly "group": "Booking";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "GravarReserva";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "GravarVenda";
        readonly "operationId": "GravarVenda";
        readonly "path": "/api/V2/Voos/GravarVenda";
        readonly "group": "Booking";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "GravarVenda";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "AlterarReservaTarifar";
        readonly "operationId": "AlterarReservaTarifar";
        readonly "path": "/api/V2/Voos/AlterarReservaTarifar";
        readonly "group": "Booking";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "AlterarReservaTarifar";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "AlterarReservaConfirmar";
        readonly "operationId": "AlterarReservaConfirmar";
        readonly "path": "/api/V2/Voos/AlterarReservaConfirmar";
        readonly "group": "Booking";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "AlterarReservaConfirmar";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "IniciarEmissao";
        readonly "operationId": "IniciarEmissao";
        readonly "path": "/api/V2/Voos/IniciarEmissao";
        readonly "group": "Ticketing";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "IniciarEmissao";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": null;
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "RecuperarFormasDeFinanciamento";
        readonly "operationId": "RecuperarFormasDeFinanciamento";
        readonly "path": "/api/V2/Voos/RecuperarFormasDeFinanciamento";
        readonly "group": "Ticketing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "RecuperarFormasDeFinanciamento";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": null;
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Emitir";
        readonly "operationId": "Emitir";
        readonly "path": "/api/V2/Voos/Emitir";
        readonly "group": "Ticketing";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Emitir";
        readonly "role": "issue";
        readonly "authenticates": false;
        readonly "answer": null;
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "ConsultarEticket";
        readonly "operationId": "ConsultarEticket";
        readonly "path": "/api/V2/Voos/ConsultarEticket";
        readonly "group": "Ticketing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "ConsultarEticket";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": null;
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "CancelarEticket";
        readonly "operationId": "CancelarEticket";
        readonly "path": "/api/V2/Voos/CancelarEticket";
        readonly "group": "Ticketing";
        readonly "effect": "write";
        readonly "destructive": true;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "CancelarEticket";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "ListarReservas";
        readonly "operationId": "ListarReservas";
        readonly "path": "/api/V2/Voos/ListarReservas";
        readonly "group": "Listing and search";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "ListarReservas";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "ListarEtickets";
        readonly "operationId": "ListarEtickets";
        readonly "path": "/api/V2/Voos/ListarEtickets";
        readonly "group": "Listing and search";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "ListarEtickets";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "BuscarReserva";
        readonly "operationId": "BuscarReserva";
        readonly "path": "/api/V2/Voos/BuscarReserva";
        readonly "group": "Listing and search";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "BuscarReserva";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "BuscarEtickets";
        readonly "operationId": "BuscarEtickets";
        readonly "path": "/api/V2/Voos/BuscarEtickets";
        readonly "group": "Listing and search";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "BuscarEtickets";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Buscar";
        readonly "operationId": "Buscar";
        readonly "path": "/api/V2/Voos/Buscar";
        readonly "group": "Listing and search";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "Buscar";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "BuscarFila";
        readonly "operationId": "BuscarFila";
        readonly "path": "/api/V2/Voos/BuscarFila";
        readonly "group": "Listing and search";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "BuscarFila";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "ObterMapaDeAssentos";
        readonly "operationId": "ObterMapaDeAssentos";
        readonly "path": "/api/V2/Voos/ObterMapaDeAssentos";
        readonly "group": "Seats";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "ObterMapaDeAssentos";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "MarcarAssentos";
        readonly "operationId": "MarcarAssentos";
        readonly "path": "/api/V2/Voos/MarcarAssentos";
        readonly "group": "Seats";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "MarcarAssentos";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "RemoverAssentos";
        readonly "operationId": "RemoverAssentos";
        readonly "path": "/api/V2/Voos/RemoverAssentos";
        readonly "group": "Seats";
        readonly "effect": "write";
        readonly "destructive": true;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "RemoverAssentos";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "DisponibilidadeDeServicoAuxiliar";
        readonly "operationId": "DisponibilidadeDeServicoAuxiliar";
        readonly "path": "/api/V2/Voos/DisponibilidadeDeServicoAuxiliar";
        readonly "group": "Ancillaries";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "DisponibilidadeDeServicoAuxiliar";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "TarifarServicoAuxiliar";
        readonly "operationId": "TarifarServicoAuxiliar";
        readonly "path": "/api/V2/Voos/TarifarServicoAuxiliar";
        readonly "group": "Ancillaries";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "TarifarServicoAuxiliar";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "GravarServicoAuxiliar";
        readonly "operationId": "GravarServicoAuxiliar";
        readonly "path": "/api/V2/Voos/GravarServicoAuxiliar";
        readonly "group": "Ancillaries";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "GravarServicoAuxiliar";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "CancelarServicoAuxiliar";
        readonly "operationId": "CancelarServicoAuxiliar";
        readonly "path": "/api/V2/Voos/CancelarServicoAuxiliar";
        readonly "group": "Ancillaries";
        readonly "effect": "write";
        readonly "destructive": true;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "CancelarServicoAuxiliar";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "EnviarPlanoDeViagem";
        readonly "operationId": "EnviarPlanoDeViagem";
        readonly "path": "/api/V2/Voos/EnviarPlanoDeViagem";
        readonly "group": "Other";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "EnviarPlanoDeViagem";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "BuscarNotificacao";
        readonly "operationId": "BuscarNotificacao";
        readonly "path": "/api/V2/Voos/BuscarNotificacao";
        readonly "group": "Notifications";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "BuscarNotificacao";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "ListarNotificacoes";
        readonly "operationId": "ListarNotificacoes";
        readonly "path": "/api/V2/Voos/ListarNotificacoes";
        readonly "group": "Notifications";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "ListarNotificacoes";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "ExcluirNotificacao";
        readonly "operationId": "ExcluirNotificacao";
        readonly "path": "/api/V2/Voos/ExcluirNotificacao";
        readonly "group": "Notifications";
        readonly "effect": "write";
        readonly "destructive": true;
        readonly "deprecated": false;
        readonly "replacedBy": null;
        readonly "summary": "ExcluirNotificacao";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      }
    ];
  };
  readonly "legacy-observed": {
    readonly "flavour": "observed";
    readonly "operations": readonly [
      {
        readonly "name": "ObterMapaDeAssentos";
        readonly "operationId": "ObterMapaDeAssentos";
        readonly "path": "/AereoNoSession.svc/ObterMapaDeAssentos";
        readonly "group": "Seats";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "ObterMapaDeAssentos";
          readonly "path": "/api/V2/Voos/ObterMapaDeAssentos";
        };
        readonly "summary": "ObterMapaDeAssentos (get the seat map)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "MarcarAssentos";
        readonly "operationId": "MarcarAssentos";
        readonly "path": "/AereoNoSession.svc/MarcarAssentos";
        readonly "group": "Seats";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "MarcarAssentos";
          readonly "path": "/api/V2/Voos/MarcarAssentos";
        };
        readonly "summary": "MarcarAssentos (assign seats)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "RemoverAssentos";
        readonly "operationId": "RemoverAssentos";
        readonly "path": "/AereoNoSession.svc/RemoverAssentos";
        readonly "group": "Seats";
        readonly "effect": "write";
        readonly "destructive": true;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "RemoverAssentos";
          readonly "path": "/api/V2/Voos/RemoverAssentos";
        };
        readonly "summary": "RemoverAssentos (remove a seat assignment)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "DisponibilidadeDeServicoAuxiliar";
        readonly "operationId": "DisponibilidadeDeServicoAuxiliar";
        readonly "path": "/AereoNoSession.svc/DisponibilidadeDeServicoAuxiliar";
        readonly "group": "Ancillaries";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "DisponibilidadeDeServicoAuxiliar";
          readonly "path": "/api/V2/Voos/DisponibilidadeDeServicoAuxiliar";
        };
        readonly "summary": "DisponibilidadeDeServicoAuxiliar (ancillary service availability)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "TarifarServicoAuxiliar";
        readonly "operationId": "TarifarServicoAuxiliar";
        readonly "path": "/AereoNoSession.svc/TarifarServicoAuxiliar";
        readonly "group": "Ancillaries";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "TarifarServicoAuxiliar";
          readonly "path": "/api/V2/Voos/TarifarServicoAuxiliar";
        };
        readonly "summary": "TarifarServicoAuxiliar (price ancillary services)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "GravarServicoAuxiliar";
        readonly "operationId": "GravarServicoAuxiliar";
        readonly "path": "/AereoNoSession.svc/GravarServicoAuxiliar";
        readonly "group": "Ancillaries";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "GravarServicoAuxiliar";
          readonly "path": "/api/V2/Voos/GravarServicoAuxiliar";
        };
        readonly "summary": "GravarServicoAuxiliar (purchase ancillary services)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "CancelarServicoAuxiliar";
        readonly "operationId": "CancelarServicoAuxiliar";
        readonly "path": "/AereoNoSession.svc/CancelarServicoAuxiliar";
        readonly "group": "Ancillaries";
        readonly "effect": "write";
        readonly "destructive": true;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "CancelarServicoAuxiliar";
          readonly "path": "/api/V2/Voos/CancelarServicoAuxiliar";
        };
        readonly "summary": "CancelarServicoAuxiliar (cancel an ancillary service)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Autenticar";
        readonly "operationId": "Autenticar";
        readonly "path": "/AereoNoSession.svc/Autenticar";
        readonly "group": "Authentication";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": null;
        readonly "summary": "Autenticar on AereoNoSession.svc (get a session token)";
        readonly "role": null;
        readonly "authenticates": true;
        readonly "answer": "string";
        readonly "credentials": {
          readonly "login": "login";
          readonly "password": "senha";
          readonly "client-id": "clienteId";
        };
      },
      {
        readonly "name": "AutenticarComUsuario";
        readonly "operationId": "AutenticarComUsuario";
        readonly "path": "/AereoNoSession.svc/AutenticarComUsuario";
        readonly "group": "Authentication";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": null;
        readonly "summary": "AutenticarComUsuario on AereoNoSession.svc (authenticate an application user)";
        readonly "role": null;
        readonly "authenticates": true;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "clienteId";
        };
      },
      {
        readonly "name": "ValidarTokenSeguranca";
        readonly "operationId": "ValidarTokenSeguranca";
        readonly "path": "/AereoNoSession.svc/ValidarTokenSeguranca";
        readonly "group": "Authentication";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": null;
        readonly "summary": "ValidarTokenSeguranca on AereoNoSession.svc (validate the second-factor token)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Autenticar";
        readonly "operationId": "Aereo_Autenticar";
        readonly "path": "/Aereo.svc/Autenticar";
        readonly "group": "Authentication";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": null;
        readonly "summary": "Autenticar on Aereo.svc (get a session token)";
        readonly "role": null;
        readonly "authenticates": true;
        readonly "answer": "string";
        readonly "credentials": {
          readonly "login": "login";
          readonly "password": "senha";
          readonly "client-id": "clienteId";
        };
      },
      {
        readonly "name": "AutenticarComUsuario";
        readonly "operationId": "Aereo_AutenticarComUsuario";
        readonly "path": "/Aereo.svc/AutenticarComUsuario";
        readonly "group": "Authentication";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": null;
        readonly "summary": "AutenticarComUsuario on Aereo.svc (authenticate an application user)";
        readonly "role": null;
        readonly "authenticates": true;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "clienteId";
        };
      },
      {
        readonly "name": "ValidarTokenSeguranca";
        readonly "operationId": "Aereo_ValidarTokenSeguranca";
        readonly "path": "/Aereo.svc/ValidarTokenSeguranca";
        readonly "group": "Authentication";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": null;
        readonly "summary": "ValidarTokenSeguranca on Aereo.svc (validate the second-factor token)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Autenticar";
        readonly "operationId": "Usuario_Autenticar";
        readonly "path": "/Usuario.svc/Autenticar";
        readonly "group": "Authentication";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": null;
        readonly "summary": "Autenticar on Usuario.svc (authenticate an application user)";
        readonly "role": null;
        readonly "authenticates": true;
        readonly "answer": "object";
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "clienteId";
        };
      },
      {
        readonly "name": "RecuperarSistemasPesquisa";
        readonly "operationId": "RecuperarSistemasPesquisa";
        readonly "path": "/AereoNoSession.svc/RecuperarSistemasPesquisa";
        readonly "group": "Search and pricing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "RecuperarSistemasPesquisa";
          readonly "path": "/api/V2/Voos/RecuperarSistemasPesquisa";
        };
        readonly "summary": "RecuperarSistemasPesquisa (observed on the legacy route)";
        readonly "role": "search-systems";
        readonly "authenticates": false;
        readonly "answer": null;
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Disponibilidade";
        readonly "operationId": "Disponibilidade";
        readonly "path": "/AereoNoSession.svc/Disponibilidade";
        readonly "group": "Search and pricing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "Disponibilidade";
          readonly "path": "/api/V2/Voos/Disponibilidade";
        };
        readonly "summary": "Disponibilidade (observed on the legacy route)";
        readonly "role": "search";
        readonly "authenticates": false;
        readonly "answer": null;
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Tarifar";
        readonly "operationId": "Tarifar";
        readonly "path": "/AereoNoSession.svc/Tarifar";
        readonly "group": "Search and pricing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "Tarifar";
          readonly "path": "/api/V2/Voos/Tarifar";
        };
        readonly "summary": "Tarifar (observed on the legacy route)";
        readonly "role": "price";
        readonly "authenticates": false;
        readonly "answer": null;
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Reservar";
        readonly "operationId": "Reservar";
        readonly "path": "/AereoNoSession.svc/Reservar";
        readonly "group": "Booking";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "Reservar";
          readonly "path": "/api/V2/Voos/Reservar";
        };
        readonly "summary": "Reservar (observed on the legacy route)";
        readonly "role": "book";
        readonly "authenticates": false;
        readonly "answer": null;
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "IniciarEmissao";
        readonly "operationId": "IniciarEmissao";
        readonly "path": "/AereoNoSession.svc/IniciarEmissao";
        readonly "group": "Ticketing";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "IniciarEmissao";
          readonly "path": "/api/V2/Voos/IniciarEmissao";
        };
        readonly "summary": "IniciarEmissao (observed on the legacy route)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": null;
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "RecuperarFormasDeFinanciamento";
        readonly "operationId": "RecuperarFormasDeFinanciamento";
        readonly "path": "/AereoNoSession.svc/RecuperarFormasDeFinanciamento";
        readonly "group": "Ticketing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "RecuperarFormasDeFinanciamento";
          readonly "path": "/api/V2/Voos/RecuperarFormasDeFinanciamento";
        };
        readonly "summary": "RecuperarFormasDeFinanciamento (observed on the legacy route)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": null;
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Emitir";
        readonly "operationId": "Emitir";
        readonly "path": "/AereoNoSession.svc/Emitir";
        readonly "group": "Ticketing";
        readonly "effect": "write";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "Emitir";
          readonly "path": "/api/V2/Voos/Emitir";
        };
        readonly "summary": "Emitir (observed on the legacy route)";
        readonly "role": "issue";
        readonly "authenticates": false;
        readonly "answer": null;
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Consultar";
        readonly "operationId": "Consultar";
        readonly "path": "/AereoNoSession.svc/Consultar";
        readonly "group": "Booking";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "Consultar";
          readonly "path": "/api/V2/Voos/Consultar";
        };
        readonly "summary": "Consultar (observed on the legacy route)";
        readonly "role": "lookup";
        readonly "authenticates": false;
        readonly "answer": null;
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "ConsultarEticket";
        readonly "operationId": "ConsultarEticket";
        readonly "path": "/AereoNoSession.svc/ConsultarEticket";
        readonly "group": "Ticketing";
        readonly "effect": "read";
        readonly "destructive": false;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "ConsultarEticket";
          readonly "path": "/api/V2/Voos/ConsultarEticket";
        };
        readonly "summary": "ConsultarEticket (observed on the legacy route)";
        readonly "role": null;
        readonly "authenticates": false;
        readonly "answer": null;
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      },
      {
        readonly "name": "Cancelar";
        readonly "operationId": "Cancelar";
        readonly "path": "/AereoNoSession.svc/Cancelar";
        readonly "group": "Booking";
        readonly "effect": "write";
        readonly "destructive": true;
        readonly "deprecated": true;
        readonly "replacedBy": {
          readonly "operationId": "Cancelar";
          readonly "path": "/api/V2/Voos/Cancelar";
        };
        readonly "summary": "Cancelar (observed on the legacy route)";
        readonly "role": "cancel";
        readonly "authenticates": false;
        readonly "answer": null;
        readonly "credentials": {
          readonly "login": "Login";
          readonly "password": "Senha";
          readonly "client-id": "ClienteId";
        };
      }
    ];
  };
};
export declare const PATHS_V2_PT: readonly [
  "/api/V2/Voos/RecuperarSistemasPesquisa",
  "/api/V2/Voos/RecuperarSistemas",
  "/api/V2/Voos/Disponibilidade",
  "/api/V2/Voos/DisponibilidadeMultipla",
  "/api/V2/Voos/Tarifar",
  "/api/V2/Voos/ObterRegraDaTarifa",
  "/api/V2/Voos/DetalhesdeFamilia",
  "/api/V2/Voos/Reservar",
  "/api/V2/Voos/Consultar",
  "/api/V2/Voos/Cancelar",
  "/api/V2/Voos/GravarReserva",
  "/api/V2/Voos/GravarVenda",
  "/api/V2/Voos/AlterarReservaTarifar",
  "/api/V2/Voos/AlterarReservaConfirmar",
  "/api/V2/Voos/IniciarEmissao",
  "/api/V2/Voos/RecuperarFormasDeFinanciamento",
  "/api/V2/Voos/Emitir",
  "/api/V2/Voos/ConsultarEticket",
  "/api/V2/Voos/CancelarEticket",
  "/api/V2/Voos/ListarReservas",
  "/api/V2/Voos/ListarEtickets",
  "/api/V2/Voos/BuscarReserva",
  "/api/V2/Voos/BuscarEtickets",
  "/api/V2/Voos/Buscar",
  "/api/V2/Voos/BuscarFila",
  "/api/V2/Voos/ObterMapaDeAssentos",
  "/api/V2/Voos/MarcarAssentos",
  "/api/V2/Voos/RemoverAssentos",
  "/api/V2/Voos/DisponibilidadeDeServicoAuxiliar",
  "/api/V2/Voos/TarifarServicoAuxiliar",
  "/api/V2/Voos/GravarServicoAuxiliar",
  "/api/V2/Voos/CancelarServicoAuxiliar",
  "/api/V2/Voos/EnviarPlanoDeViagem",
  "/api/V2/Voos/BuscarNotificacao",
  "/api/V2/Voos/ListarNotificacoes",
  "/api/V2/Voos/ExcluirNotificacao"
];
export declare const PATHS_LEGACY: readonly [
  "/AereoNoSession.svc/ObterMapaDeAssentos",
  "/AereoNoSession.svc/MarcarAssentos",
  "/AereoNoSession.svc/RemoverAssentos",
  "/AereoNoSession.svc/DisponibilidadeDeServicoAuxiliar",
  "/AereoNoSession.svc/TarifarServicoAuxiliar",
  "/AereoNoSession.svc/GravarServicoAuxiliar",
  "/AereoNoSession.svc/CancelarServicoAuxiliar",
  "/AereoNoSession.svc/Autenticar",
  "/AereoNoSession.svc/AutenticarComUsuario",
  "/AereoNoSession.svc/ValidarTokenSeguranca",
  "/Aereo.svc/Autenticar",
  "/Aereo.svc/AutenticarComUsuario",
  "/Aereo.svc/ValidarTokenSeguranca",
  "/Usuario.svc/Autenticar"
];
export declare const PATHS_V1: readonly [
  "/api/Voos/{Operation}"
];
export declare const PATHS_V2_EN: readonly [
  "/api/V2/Flights/RetrieveSystemsSearch",
  "/api/V2/Flights/Availability",
  "/api/V2/Flights/MultipleAvailability",
  "/api/V2/Flights/Price",
  "/api/V2/Flights/Book",
  "/api/V2/Flights/Retrieve",
  "/api/V2/Flights/StartIssuance",
  "/api/V2/Flights/Issue",
  "/api/V2/Flights/RetrieveEticket",
  "/api/V2/Flights/CancelEticket",
  "/api/V2/Flights/Cancel"
];
export declare const PATHS_V3: readonly [
  "/api/V3/Voos/Disponibilidade"
];
export declare const PATHS_V2_PT_OBSERVED: readonly [
  "/api/V2/Voos/RecuperarSistemasPesquisa",
  "/api/V2/Voos/RecuperarSistemas",
  "/api/V2/Voos/Disponibilidade",
  "/api/V2/Voos/DisponibilidadeMultipla",
  "/api/V2/Voos/Tarifar",
  "/api/V2/Voos/ObterRegraDaTarifa",
  "/api/V2/Voos/DetalhesdeFamilia",
  "/api/V2/Voos/Reservar",
  "/api/V2/Voos/Consultar",
  "/api/V2/Voos/Cancelar",
  "/api/V2/Voos/GravarReserva",
  "/api/V2/Voos/GravarVenda",
  "/api/V2/Voos/AlterarReservaTarifar",
  "/api/V2/Voos/AlterarReservaConfirmar",
  "/api/V2/Voos/IniciarEmissao",
  "/api/V2/Voos/RecuperarFormasDeFinanciamento",
  "/api/V2/Voos/Emitir",
  "/api/V2/Voos/ConsultarEticket",
  "/api/V2/Voos/CancelarEticket",
  "/api/V2/Voos/ListarReservas",
  "/api/V2/Voos/ListarEtickets",
  "/api/V2/Voos/BuscarReserva",
  "/api/V2/Voos/BuscarEtickets",
  "/api/V2/Voos/Buscar",
  "/api/V2/Voos/BuscarFila",
  "/api/V2/Voos/ObterMapaDeAssentos",
  "/api/V2/Voos/MarcarAssentos",
  "/api/V2/Voos/RemoverAssentos",
  "/api/V2/Voos/DisponibilidadeDeServicoAuxiliar",
  "/api/V2/Voos/TarifarServicoAuxiliar",
  "/api/V2/Voos/GravarServicoAuxiliar",
  "/api/V2/Voos/CancelarServicoAuxiliar",
  "/api/V2/Voos/EnviarPlanoDeViagem",
  "/api/V2/Voos/BuscarNotificacao",
  "/api/V2/Voos/ListarNotificacoes",
  "/api/V2/Voos/ExcluirNotificacao"
];
export declare const PATHS_LEGACY_OBSERVED: readonly [
  "/AereoNoSession.svc/ObterMapaDeAssentos",
  "/AereoNoSession.svc/MarcarAssentos",
  "/AereoNoSession.svc/RemoverAssentos",
  "/AereoNoSession.svc/DisponibilidadeDeServicoAuxiliar",
  "/AereoNoSession.svc/TarifarServicoAuxiliar",
  "/AereoNoSession.svc/GravarServicoAuxiliar",
  "/AereoNoSession.svc/CancelarServicoAuxiliar",
  "/AereoNoSession.svc/Autenticar",
  "/AereoNoSession.svc/AutenticarComUsuario",
  "/AereoNoSession.svc/ValidarTokenSeguranca",
  "/Aereo.svc/Autenticar",
  "/Aereo.svc/AutenticarComUsuario",
  "/Aereo.svc/ValidarTokenSeguranca",
  "/Usuario.svc/Autenticar",
  "/AereoNoSession.svc/RecuperarSistemasPesquisa",
  "/AereoNoSession.svc/Disponibilidade",
  "/AereoNoSession.svc/Tarifar",
  "/AereoNoSession.svc/Reservar",
  "/AereoNoSession.svc/IniciarEmissao",
  "/AereoNoSession.svc/RecuperarFormasDeFinanciamento",
  "/AereoNoSession.svc/Emitir",
  "/AereoNoSession.svc/Consultar",
  "/AereoNoSession.svc/ConsultarEticket",
  "/AereoNoSession.svc/Cancelar"
];
export declare const PATHS: { readonly "v2-pt": typeof PATHS_V2_PT; readonly "legacy": typeof PATHS_LEGACY; readonly "v1": typeof PATHS_V1; readonly "v2-en": typeof PATHS_V2_EN; readonly "v3": typeof PATHS_V3; readonly "v2-pt-observed": typeof PATHS_V2_PT_OBSERVED; readonly "legacy-observed": typeof PATHS_LEGACY_OBSERVED };
export declare const READS: {
  readonly "v2-pt": readonly [
    "/api/V2/Voos/RecuperarSistemasPesquisa",
    "/api/V2/Voos/RecuperarSistemas",
    "/api/V2/Voos/Disponibilidade",
    "/api/V2/Voos/DisponibilidadeMultipla",
    "/api/V2/Voos/Tarifar",
    "/api/V2/Voos/ObterRegraDaTarifa",
    "/api/V2/Voos/DetalhesdeFamilia",
    "/api/V2/Voos/Consultar",
    "/api/V2/Voos/RecuperarFormasDeFinanciamento",
    "/api/V2/Voos/ConsultarEticket",
    "/api/V2/Voos/ListarReservas",
    "/api/V2/Voos/ListarEtickets",
    "/api/V2/Voos/BuscarReserva",
    "/api/V2/Voos/BuscarEtickets",
    "/api/V2/Voos/Buscar",
    "/api/V2/Voos/BuscarFila",
    "/api/V2/Voos/ObterMapaDeAssentos",
    "/api/V2/Voos/DisponibilidadeDeServicoAuxiliar",
    "/api/V2/Voos/BuscarNotificacao",
    "/api/V2/Voos/ListarNotificacoes"
  ];
  readonly "legacy": readonly [
    "/AereoNoSession.svc/ObterMapaDeAssentos",
    "/AereoNoSession.svc/DisponibilidadeDeServicoAuxiliar"
  ];
  readonly "v1": readonly [];
  readonly "v2-en": readonly [
    "/api/V2/Flights/RetrieveSystemsSearch",
    "/api/V2/Flights/Availability",
    "/api/V2/Flights/MultipleAvailability",
    "/api/V2/Flights/Price",
    "/api/V2/Flights/Retrieve",
    "/api/V2/Flights/RetrieveEticket"
  ];
  readonly "v3": readonly [
    "/api/V3/Voos/Disponibilidade"
  ];
  readonly "v2-pt-observed": readonly [
    "/api/V2/Voos/RecuperarSistemasPesquisa",
    "/api/V2/Voos/RecuperarSistemas",
    "/api/V2/Voos/Disponibilidade",
    "/api/V2/Voos/DisponibilidadeMultipla",
    "/api/V2/Voos/Tarifar",
    "/api/V2/Voos/ObterRegraDaTarifa",
    "/api/V2/Voos/DetalhesdeFamilia",
    "/api/V2/Voos/Consultar",
    "/api/V2/Voos/RecuperarFormasDeFinanciamento",
    "/api/V2/Voos/ConsultarEticket",
    "/api/V2/Voos/ListarReservas",
    "/api/V2/Voos/ListarEtickets",
    "/api/V2/Voos/BuscarReserva",
    "/api/V2/Voos/BuscarEtickets",
    "/api/V2/Voos/Buscar",
    "/api/V2/Voos/BuscarFila",
    "/api/V2/Voos/ObterMapaDeAssentos",
    "/api/V2/Voos/DisponibilidadeDeServicoAuxiliar",
    "/api/V2/Voos/BuscarNotificacao",
    "/api/V2/Voos/ListarNotificacoes"
  ];
  readonly "legacy-observed": readonly [
    "/AereoNoSession.svc/ObterMapaDeAssentos",
    "/AereoNoSession.svc/DisponibilidadeDeServicoAuxiliar",
    "/AereoNoSession.svc/RecuperarSistemasPesquisa",
    "/AereoNoSession.svc/Disponibilidade",
    "/AereoNoSession.svc/Tarifar",
    "/AereoNoSession.svc/RecuperarFormasDeFinanciamento",
    "/AereoNoSession.svc/Consultar",
    "/AereoNoSession.svc/ConsultarEticket"
  ];
};
export declare const ROLES: {
  readonly "v2-pt": {
    readonly "search-systems": readonly [
      "RecuperarSistemasPesquisa"
    ];
    readonly "search": readonly [
      "Disponibilidade"
    ];
    readonly "price": readonly [
      "Tarifar"
    ];
    readonly "book": readonly [
      "Reservar"
    ];
    readonly "lookup": readonly [
      "Consultar"
    ];
    readonly "cancel": readonly [
      "Cancelar"
    ];
    readonly "issue": readonly [
      "Emitir"
    ];
  };
  readonly "v2-en": {
    readonly "search-systems": readonly [
      "RetrieveSystemsSearch"
    ];
    readonly "search": readonly [
      "Availability"
    ];
    readonly "price": readonly [
      "Price"
    ];
    readonly "book": readonly [
      "Book"
    ];
    readonly "lookup": readonly [
      "Retrieve"
    ];
    readonly "issue": readonly [
      "Issue"
    ];
    readonly "cancel": readonly [
      "Cancel"
    ];
  };
  readonly "v3": {
    readonly "search": readonly [
      "Disponibilidade"
    ];
  };
  readonly "v2-pt-observed": {
    readonly "search-systems": readonly [
      "RecuperarSistemasPesquisa"
    ];
    readonly "search": readonly [
      "Disponibilidade"
    ];
    readonly "price": readonly [
      "Tarifar"
    ];
    readonly "book": readonly [
      "Reservar"
    ];
    readonly "lookup": readonly [
      "Consultar"
    ];
    readonly "cancel": readonly [
      "Cancelar"
    ];
    readonly "issue": readonly [
      "Emitir"
    ];
  };
  readonly "legacy-observed": {
    readonly "search-systems": readonly [
      "RecuperarSistemasPesquisa"
    ];
    readonly "search": readonly [
      "Disponibilidade"
    ];
    readonly "price": readonly [
      "Tarifar"
    ];
    readonly "book": readonly [
      "Reservar"
    ];
    readonly "issue": readonly [
      "Emitir"
    ];
    readonly "lookup": readonly [
      "Consultar"
    ];
    readonly "cancel": readonly [
      "Cancelar"
    ];
  };
};
export declare const SESSIONS: {
  readonly "legacy": {
    readonly "authenticates": readonly [
      "/AereoNoSession.svc/Autenticar",
      "/AereoNoSession.svc/AutenticarComUsuario",
      "/Aereo.svc/Autenticar",
      "/Aereo.svc/AutenticarComUsuario",
      "/Usuario.svc/Autenticar"
    ];
    readonly "answersString": readonly [
      "/AereoNoSession.svc/Autenticar",
      "/Aereo.svc/Autenticar"
    ];
  };
  readonly "legacy-observed": {
    readonly "authenticates": readonly [
      "/AereoNoSession.svc/Autenticar",
      "/AereoNoSession.svc/AutenticarComUsuario",
      "/Aereo.svc/Autenticar",
      "/Aereo.svc/AutenticarComUsuario",
      "/Usuario.svc/Autenticar"
    ];
    readonly "answersString": readonly [
      "/AereoNoSession.svc/Autenticar",
      "/Aereo.svc/Autenticar"
    ];
  };
};
export declare const CREDENTIAL_SPELLINGS: {
  readonly "v2-pt": {
    readonly "common": {
      readonly "login": "Login";
      readonly "password": "Senha";
      readonly "client-id": "ClienteId";
    };
    readonly "at": {};
  };
  readonly "legacy": {
    readonly "common": {
      readonly "login": "Login";
      readonly "password": "Senha";
      readonly "client-id": "ClienteId";
    };
    readonly "at": {
      readonly "/AereoNoSession.svc/Autenticar": {
        readonly "login": "login";
        readonly "password": "senha";
        readonly "client-id": "clienteId";
      };
      readonly "/AereoNoSession.svc/AutenticarComUsuario": {
        readonly "login": "Login";
        readonly "password": "Senha";
        readonly "client-id": "clienteId";
      };
      readonly "/Aereo.svc/Autenticar": {
        readonly "login": "login";
        readonly "password": "senha";
        readonly "client-id": "clienteId";
      };
      readonly "/Aereo.svc/AutenticarComUsuario": {
        readonly "login": "Login";
        readonly "password": "Senha";
        readonly "client-id": "clienteId";
      };
      readonly "/Usuario.svc/Autenticar": {
        readonly "login": "Login";
        readonly "password": "Senha";
        readonly "client-id": "clienteId";
      };
    };
  };
  readonly "v1": {
    readonly "common": {
      readonly "login": "Login";
      readonly "password": "Senha";
      readonly "client-id": "ClienteId";
    };
    readonly "at": {};
  };
  readonly "v3": {
    readonly "common": {
      readonly "login": "Login";
      readonly "password": "Senha";
      readonly "client-id": "ClienteId";
    };
    readonly "at": {};
  };
  readonly "v2-pt-observed": {
    readonly "common": {
      readonly "login": "Login";
      readonly "password": "Senha";
      readonly "client-id": "ClienteId";
    };
    readonly "at": {};
  };
  readonly "legacy-observed": {
    readonly "common": {
      readonly "login": "Login";
      readonly "password": "Senha";
      readonly "client-id": "ClienteId";
    };
    readonly "at": {
      readonly "/AereoNoSession.svc/Autenticar": {
        readonly "login": "login";
        readonly "password": "senha";
        readonly "client-id": "clienteId";
      };
      readonly "/AereoNoSession.svc/AutenticarComUsuario": {
        readonly "login": "Login";
        readonly "password": "Senha";
        readonly "client-id": "clienteId";
      };
      readonly "/Aereo.svc/Autenticar": {
        readonly "login": "login";
        readonly "password": "senha";
        readonly "client-id": "clienteId";
      };
      readonly "/Aereo.svc/AutenticarComUsuario": {
        readonly "login": "Login";
        readonly "password": "Senha";
        readonly "client-id": "clienteId";
      };
      readonly "/Usuario.svc/Autenticar": {
        readonly "login": "Login";
        readonly "password": "Senha";
        readonly "client-id": "clienteId";
      };
    };
  };
};
export declare const SECRETS: {
  readonly "fields": readonly [
    "HashAcesso",
    "Senha",
    "Token",
    "TokenDeSeguranca",
    "senha",
    "token"
  ];
  readonly "answers": readonly [
    "/Aereo.svc/Autenticar",
    "/AereoNoSession.svc/Autenticar"
  ];
  readonly "headers": readonly [
    "developer-access-code",
    "developer-token"
  ];
};
export declare const CREDENTIALS: {
  readonly "login": readonly [
    "Login",
    "login"
  ];
  readonly "password": readonly [
    "Senha",
    "senha"
  ];
  readonly "client-id": readonly [
    "ClienteId",
    "clienteId"
  ];
};
export declare const PROPERTIES: Readonly<Record<string, readonly string[]>>;
export declare const LIMITS: {
  readonly "bodyBytes": 1048576;
  readonly "depth": 64;
  readonly "stringChars": 65536;
  readonly "headersTimeoutMs": 10000;
  readonly "bodyTimeoutMs": 20000;
  readonly "mcpSessionIdleMs": 300000;
  readonly "mcpSessions": 256;
  readonly "mcpMessageBytes": 4194304;
  readonly "fixtureFileBytes": 1048576;
  readonly "fixtureFolderBytes": 33554432;
  readonly "fixtureFiles": 2000;
  readonly "statefulCallers": 256;
  readonly "statefulSearches": 16;
  readonly "statefulBookings": 32;
  readonly "statefulPassengers": 9;
};
